import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@adloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import {
  ads,
  companies,
  companyUsers,
  outlets,
  outletUsers,
  playbackLogs,
  screens,
  users,
} from '../../src/db/schema.ts';
import { hashSecret } from '../../src/modules/auth/passwords.ts';
import { recordActivity } from '../../src/modules/screen-activity/screen-activity.service.ts';

let sequence = 0;

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

/** Inserts a staff user straight into the database; the password comes back for signing in. */
export async function createUser(
  db: Database,
  overrides: Partial<{ email: string; name: string; role: Role | string; password: string; isActive: boolean }> = {},
): Promise<CreatedUser> {
  sequence += 1;
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const email = overrides.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? `Test User ${sequence}`,
      role: overrides.role ?? 'GLOBAL_ADMIN',
      passwordHash: await hashSecret(password),
      isActive: overrides.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return { id: row.id, email, password };
}

/** Signs in through the API, as the dashboard does, and returns the bearer token. */
export async function loginAs(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createCompany(db: Database, overrides: Partial<typeof companies.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(companies)
    .values({ name: `Company ${sequence} ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  return row!;
}

export async function createOutlet(db: Database, overrides: Partial<typeof outlets.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(outlets)
    .values({
      name: `Outlet ${sequence}`,
      outletCode: `OUT-${sequence}-${randomBytes(3).toString('hex')}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createScreen(
  db: Database,
  outletId: string,
  overrides: Partial<typeof screens.$inferInsert> & { passcode?: string } = {},
) {
  sequence += 1;
  const { passcode = '123456', ...rest } = overrides;
  const [row] = await db
    .insert(screens)
    .values({
      outletId,
      screenCode: `SCR-${sequence}-${randomBytes(3).toString('hex').toUpperCase()}`,
      passcodeHash: await hashSecret(passcode),
      // A screen that has been on a wall for a month, so it may report plays of the past week (decision 036).
      createdAt: new Date(Date.now() - 30 * 86_400_000),
      ...rest,
    })
    .returning();
  return { ...row!, passcode };
}

export async function createAd(db: Database, companyId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(ads)
    .values({
      companyId,
      title: `Ad ${sequence}`,
      type: 'IMAGE',
      mediaUrl: `/media/${randomBytes(32).toString('hex')}.png`,
      durationSeconds: 5,
      status: 'ACTIVE',
      // Made a month ago (in the order made), so screens may report plays of it from the past week (decision 036).
      createdAt: new Date(Date.now() - 30 * 86_400_000 + sequence),
      ...overrides,
    })
    .returning();
  return row!;
}

/** Signs a screen in through the API and returns its session. */
export async function connectScreen(app: FastifyInstance, screen: { screenCode: string; passcode: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/screen-auth/authenticate',
    payload: { screen_code: screen.screenCode, pass_code: screen.passcode },
  });
  if (response.statusCode !== 200) throw new Error(`screen sign-in failed: ${response.statusCode} ${response.body}`);
  const session = response.json().data as {
    access_token: string;
    screen_id: string;
    screen_code: string;
    outlet: { id: string; name: string; outlet_code: string };
  };
  // As the player does on connecting: the list it is handed is what its plays are judged by.
  await fetchScreenAds(app, session.access_token);
  return session;
}

/**
 * The screen's ad list, as the player fetches it after an ads-changed event (the server records
 * it as served). Factories write ads straight to the database, so the cached lists are dropped.
 */
export async function fetchScreenAds(app: FastifyInstance, token: string) {
  app.screenCache.adLists.clear();
  const response = await app.inject({ method: 'GET', url: '/api/screen-auth/ads', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`screen ad list failed: ${response.statusCode} ${response.body}`);
  // Nor is this list kept: a test's next request sees the ads its factories write after this.
  app.screenCache.adLists.clear();
  return response.json().data as { id: string; variants?: { id: string }[] }[];
}

/**
 * Plays a screen could really have shown: `count` plays from `start`, one after another with
 * `spacingMs` between their starts (at least the ad's duration), with the screen's wall-clock
 * date and time in UTC.
 */
export function honestPlayTimes(start: Date, count: number, spacingMs = 10_000) {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start.getTime() + index * spacingMs);
    const iso = at.toISOString();
    return { played_at: iso, play_date: iso.slice(0, 10), play_time: iso.slice(11, 19) };
  });
}

/** Puts a user into a company (company roles) or onto outlets (outlet roles). */
export async function mapUser(db: Database, userId: string, to: { companyId?: string; outletIds?: string[] }) {
  if (to.companyId) await db.insert(companyUsers).values({ companyId: to.companyId, userId });
  for (const outletId of to.outletIds ?? []) await db.insert(outletUsers).values({ outletId, userId });
}

/** A user of the role, mapped as given, signed in: its id and bearer token. */
export async function signedIn(
  app: FastifyInstance,
  db: Database,
  role: Role,
  to: { companyId?: string; outletIds?: string[] } = {},
): Promise<{ id: string; email: string; token: string }> {
  const user = await createUser(db, { role });
  await mapUser(db, user.id, to);
  return { id: user.id, email: user.email, token: await loginAs(app, user) };
}

/** A new user of the role (a global admin unless told), mapped as given and signed in: the bearer token. */
export async function signInAs(
  t: { app: FastifyInstance; db: Database },
  role: Role = 'GLOBAL_ADMIN',
  to: { companyId?: string; outletIds?: string[] } = {},
): Promise<string> {
  return (await signedIn(t.app, t.db, role, to)).token;
}

/** A new screen at the outlet (a new outlet unless told), signed in as the player is: the screen and its token. */
export async function connectedScreen(
  t: { app: FastifyInstance; db: Database },
  outletId?: string,
  overrides: Parameters<typeof createScreen>[2] = {},
) {
  const screen = await createScreen(t.db, outletId ?? (await createOutlet(t.db)).id, overrides);
  const session = await connectScreen(t.app, screen);
  return { screen, session, token: session.access_token };
}

/** One play of an ad on a screen, as if the screen had reported it now. */
export async function createPlay(
  db: Database,
  ad: { id: string; companyId: string },
  screen: { id: string; outletId: string },
  /** The screen's clock: its date and time of the play are read in this zone (UTC by default). */
  timeZone = 'UTC',
) {
  const playedAt = new Date();
  // sv-SE formats as "YYYY-MM-DD HH:MM:SS".
  const local = playedAt.toLocaleString('sv-SE', { timeZone, hour12: false });
  await db.insert(playbackLogs).values({
    id: randomUUID(),
    adId: ad.id,
    screenId: screen.id,
    companyId: ad.companyId,
    outletId: screen.outletId,
    playedAt,
    playDate: local.slice(0, 10),
    playTime: local.slice(11, 19),
  });
}

/**
 * An activity record of a screen at `at` (an online post, heartbeat or offline record), stored
 * through the service the API uses, so its state changes are derived as they would be live. It
 * reaches the server at `receivedAt`: by default at once, as a live post does.
 */
export async function recordScreenActivity(
  db: Database,
  screen: { id: string; outletId: string; screenCode: string },
  kind: 'ONLINE' | 'HEARTBEAT' | 'OFFLINE',
  at: Date,
  receivedAt = at,
) {
  const principal = {
    screenId: screen.id,
    screenCode: screen.screenCode,
    outletId: screen.outletId,
    outletName: '',
    outletCode: '',
    tags: [],
  };
  await recordActivity(
    db,
    principal,
    kind,
    {
      screen_id: screen.id,
      outlet_id: screen.outletId,
      activity_date: at.toISOString().slice(0, 10),
      activity_time: at.toISOString().slice(11, 19),
      occurred_at: at.toISOString(),
      additional_info: { screen_code: screen.screenCode },
    },
    receivedAt,
  );
}
