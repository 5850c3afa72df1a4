import { randomBytes, randomUUID } from 'node:crypto';
import { outletWallClock } from '@adloop/contract/clock';
import type { OutletTier } from '@adloop/contract/constants';
import type { Role } from '@adloop/contract/roles';
import { ALWAYS } from '@adloop/contract/targeting';
import type { Database } from '../../src/db/client.ts';
import {
  ads,
  adTransactions,
  campaignReservations,
  campaigns,
  companies,
  companyUsers,
  lineItems,
  outlets,
  outletUsers,
  playbackLogs,
  rateCardDayparts,
  rateCards,
  rateCardTiers,
  screenPayouts,
  screens,
  takeovers,
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

/**
 * House content of an outlet (decision 090): an ad of its house account, which carries the
 * outlet's id and is made with the first one, targeting the outlet.
 */
export async function createHouseAd(db: Database, outletId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  await db
    .insert(companies)
    .values({ id: outletId, houseOutletId: outletId, name: `House content · ${outletId}` })
    .onConflictDoNothing();
  return createAd(db, outletId, { targetOutletIds: [outletId], ...overrides });
}

/** A payment a company made, as the billing team records it (PENDING until confirmed). */
export async function createAdTransaction(
  db: Database,
  companyId: string,
  overrides: Partial<typeof adTransactions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(adTransactions)
    .values({ companyId, amountMinor: 50_000, method: 'UPI', transactedAt: new Date(), ...overrides })
    .returning();
  return row!;
}

/** A payout owed to an outlet for a new screen of it, for today. */
export async function createScreenPayout(db: Database, outletId: string) {
  const screen = await createScreen(db, outletId);
  const today = new Date().toISOString().slice(0, 10);
  const [row] = await db
    .insert(screenPayouts)
    .values({ screenId: screen.id, outletId, periodStart: today, periodEnd: today, amountMinor: 100 })
    .returning();
  return row!;
}

/** A running message takeover of a new screen of the outlet. */
export async function createTakeover(db: Database, outletId: string) {
  const screen = await createScreen(db, outletId);
  const [row] = await db
    .insert(takeovers)
    .values({ kind: 'MESSAGE', message: 'Closing in ten minutes', screenIds: [screen.id] })
    .returning();
  return row!;
}

/** A draft campaign of the company; `status` set here stands for a hold or booking made elsewhere. */
export async function createCampaign(
  db: Database,
  companyId: string,
  overrides: Partial<typeof campaigns.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(campaigns)
    .values({ companyId, name: `Campaign ${sequence}`, ...overrides })
    .returning();
  return row!;
}

/** A week-long flight of 1,000 plays from tomorrow (UTC), evenly paced, with the given ads. */
export async function createLineItem(
  db: Database,
  campaignId: string,
  adIds: string[],
  overrides: Partial<typeof lineItems.$inferInsert> = {},
) {
  sequence += 1;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(lineItems)
    .values({
      campaignId,
      name: `Flight ${sequence}`,
      startsOn: day(1),
      endsOn: day(7),
      goalKind: 'PLAYS',
      goalQuantity: 1000,
      pacing: 'EVEN',
      targeting: {
        tags: [],
        outlet_ids: [],
        pincodes: [],
        cities: [],
        schedule: { ...ALWAYS },
      },
      adIds,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A BOOKED campaign of the company, as a booking leaves it: one line item of a new ad of its own,
 * flying tomorrow (UTC), with 10 plays reserved at 10:00 on a new screen of the outlet.
 */
export async function createBookedCampaign(db: Database, companyId: string, outletId: string) {
  const campaign = await createCampaign(db, companyId, { status: 'BOOKED' });
  const ad = await createAd(db, companyId);
  const item = await createLineItem(db, campaign.id, [ad.id], {
    startsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    endsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    goalQuantity: 10,
  });
  const screen = await createScreen(db, outletId);
  await db.insert(campaignReservations).values({
    lineItemId: item.id,
    screenId: screen.id,
    localDate: item.startsOn,
    hour: 10,
    plays: 10,
    priceMinor: 1_500,
  });
  return campaign;
}

/** The zone an outlet gets when none is named (the column's default). */
export const DEFAULT_OUTLET_ZONE = 'Asia/Kolkata';

/**
 * Plays a screen could really have shown: `count` plays from `start`, one after another with
 * `spacingMs` between their starts (at least the ad's duration), with the wall-clock date and
 * time of the outlet's zone, as an honest screen in that zone reports them.
 */
export function honestPlayTimes(start: Date, count: number, spacingMs = 10_000, timezone = DEFAULT_OUTLET_ZONE) {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start.getTime() + index * spacingMs);
    const clock = outletWallClock(at, timezone);
    return { played_at: at.toISOString(), play_date: clock.date, play_time: clock.time };
  });
}

/** An advertiser's ad and a screen of a new outlet that may play it: the rows behind a play. */
export async function adAndScreen(db: Database, adOverrides: Partial<typeof ads.$inferInsert> = {}) {
  const company = await createCompany(db);
  const outlet = await createOutlet(db);
  const ad = await createAd(db, company.id, adOverrides);
  const screen = await createScreen(db, outlet.id);
  return { company, outlet, ad, screen };
}

/**
 * A play as the screen reports it (POST /api/playback-logs/log): the ad on the screen at `times`
 * (one of honestPlayTimes), with the details the player adds.
 */
export function reportedPlay(
  ad: { id: string; companyId: string; title: string; durationSeconds: number | null },
  screen: { id: string; outletId: string; screenCode: string },
  times: ReturnType<typeof honestPlayTimes>[number],
) {
  return {
    id: randomUUID(),
    ad_id: ad.id,
    screen_id: screen.id,
    company_id: ad.companyId,
    outlet_id: screen.outletId,
    ...times,
    play_count: 1,
    additional_info: { ad_title: ad.title, ad_duration: ad.durationSeconds, screen_code: screen.screenCode },
  };
}

/** Puts a user into a company (company roles) or onto outlets (outlet roles). */
export async function mapUser(db: Database, userId: string, to: { companyId?: string; outletIds?: string[] }) {
  if (to.companyId) await db.insert(companyUsers).values({ companyId: to.companyId, userId });
  for (const outletId of to.outletIds ?? []) await db.insert(outletUsers).values({ outletId, userId });
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

/**
 * A rate card in force from `effectiveFrom`, which may be past: the API only schedules cards
 * ahead (decision 033), but a test that prices plays of last week needs last week's card.
 */
export async function createRateCard(
  db: Database,
  card: {
    effectiveFrom: Date;
    tiers: Record<OutletTier, number>;
    dayparts?: Array<{
      name: string;
      days_of_week?: number[];
      start_time: string;
      end_time: string;
      multiplier_bps: number;
    }>;
  },
) {
  const [row] = await db.insert(rateCards).values({ effectiveFrom: card.effectiveFrom, note: 'Test card' }).returning();
  await db.insert(rateCardTiers).values(
    Object.entries(card.tiers).map(([tier, rateMinor]) => ({
      rateCardId: row!.id,
      tier: tier as OutletTier,
      rateMinor,
    })),
  );
  if (card.dayparts?.length) {
    await db.insert(rateCardDayparts).values(
      card.dayparts.map((daypart) => ({
        rateCardId: row!.id,
        name: daypart.name,
        daysOfWeek: daypart.days_of_week ?? [],
        startTime: daypart.start_time,
        endTime: daypart.end_time,
        multiplierBps: daypart.multiplier_bps,
      })),
    );
  }
  return row!;
}
