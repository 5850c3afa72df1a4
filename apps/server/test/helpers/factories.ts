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
  return response.json().data as {
    access_token: string;
    screen_id: string;
    screen_code: string;
    outlet: { id: string; name: string; outlet_code: string };
  };
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
