// The fleet's campaigns (issue 20, decision 084): an advertiser with a balance, a rate card, one
// creative per campaign, seeded with the fleet; each campaign's line item booked through the API by
// the advertiser's admin once the server is up, flying today on a slice of the outlets.
import type { LineItemCreate, Pacing } from '@adloop/contract/campaigns';
import { outletWallClock } from '@adloop/contract/clock';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  ads,
  adTransactions,
  companies,
  companyUsers,
  rateCards,
  rateCardTiers,
  users,
} from '../../apps/server/src/db/schema.ts';
import { hashSecret } from '../../apps/server/src/modules/auth/passwords.ts';
import type { HttpClient, Reply } from './http.ts';

export const BUYER = { email: 'fleet-buyer@fleet.test', password: 'fleet-buyer-password' };
export const OUTLET_ZONE = 'Asia/Kolkata';
/** ₹1 a play at the fleet's outlets (all STANDARD). */
const PLAY_PRICE_MINOR = 100;
/** The creatives' length, and the spot the line items book. */
const CREATIVE_SECONDS = 10;
/** A screen of the fleet picks one ad of its ~10 in turn, ~10 s each: a creative comes up about every 100 s. */
const SECONDS_PER_PICK = 100;

export interface SeededCampaign {
  index: number;
  creativeId: string;
  outletIds: string[];
  screens: number;
}

/**
 * What each line item is, by campaign index (cycled past 20). `run`: a daypart of the hours the
 * load lasts, so its pacing works within them; `day`: the rest of today; `two-days`: today and
 * tomorrow. `share`: its goal per screen reached, as a share of the creative's turns during the
 * load; `perScreen` sets it outright (a cap that spreads the goal over hours).
 */
interface LineItemShape {
  pacing: Pacing;
  flight: 'run' | 'day' | 'two-days';
  share: number;
  perScreen?: number;
  guaranteed: boolean;
  goal?: 'BUDGET';
  maxPerScreenHour?: number;
  dailyCap?: boolean;
  budgetCap?: boolean;
}

const SHAPES: LineItemShape[] = [
  { pacing: 'ASAP', flight: 'run', share: 0.2, guaranteed: true },
  { pacing: 'EVEN', flight: 'run', share: 0.2, guaranteed: true },
  { pacing: 'FRONTLOADED', flight: 'run', share: 0.2, guaranteed: true },
  { pacing: 'ASAP', flight: 'day', share: 0.2, guaranteed: false },
  { pacing: 'EVEN', flight: 'run', share: 0.35, guaranteed: false },
  { pacing: 'ASAP', flight: 'day', share: 0, perScreen: 3, guaranteed: true, maxPerScreenHour: 1 },
  { pacing: 'FRONTLOADED', flight: 'run', share: 0.35, guaranteed: false },
  { pacing: 'ASAP', flight: 'run', share: 0.2, guaranteed: true, goal: 'BUDGET' },
  { pacing: 'EVEN', flight: 'day', share: 1, guaranteed: true },
  { pacing: 'ASAP', flight: 'two-days', share: 0.2, guaranteed: false, dailyCap: true },
  { pacing: 'ASAP', flight: 'run', share: 0.5, guaranteed: true },
  { pacing: 'EVEN', flight: 'run', share: 0.35, guaranteed: false, maxPerScreenHour: 2 },
  { pacing: 'FRONTLOADED', flight: 'day', share: 1, guaranteed: true },
  { pacing: 'ASAP', flight: 'run', share: 0.2, guaranteed: true, budgetCap: true },
  { pacing: 'EVEN', flight: 'run', share: 0.2, guaranteed: false },
  { pacing: 'ASAP', flight: 'day', share: 0.35, guaranteed: true },
  { pacing: 'FRONTLOADED', flight: 'run', share: 0.2, guaranteed: true },
  { pacing: 'EVEN', flight: 'run', share: 0.5, guaranteed: false },
  { pacing: 'ASAP', flight: 'run', share: 0.35, guaranteed: false },
  { pacing: 'EVEN', flight: 'day', share: 0.35, guaranteed: false },
];

/** Campaign k reaches the outlets whose index ≡ k (mod the slices); with fewer outlets than campaigns, they share. */
export function campaignOutlets(index: number, count: number, outletIds: readonly string[]): string[] {
  const slices = Math.min(count, outletIds.length);
  return outletIds.filter((_, outlet) => outlet % slices === index % slices);
}

/**
 * The advertiser's world, written with the rest of the fleet: its company, admin and a completed
 * payment (money never stops a line item), a rate card in force, one ACTIVE creative per campaign
 * aimed at its outlets, and a month on air for every screen, so capacity is learnt as round the
 * clock (decision 084) rather than the default 08:00–22:00, whatever the hour of the run.
 */
export async function seedAdvertiser(
  db: Database,
  count: number,
  outletIds: readonly string[],
  screensPerOutlet: (outletId: string) => number,
): Promise<SeededCampaign[]> {
  const [company] = await db.insert(companies).values({ name: 'Fleet Brands' }).returning({ id: companies.id });
  const [buyer] = await db
    .insert(users)
    .values({
      email: BUYER.email,
      name: 'Fleet buyer',
      role: 'COMPANY_ADMIN',
      passwordHash: await hashSecret(BUYER.password),
    })
    .returning({ id: users.id });
  await db.insert(companyUsers).values({ companyId: company!.id, userId: buyer!.id });
  await db.insert(adTransactions).values({
    companyId: company!.id,
    amountMinor: 1_000_000_000,
    method: 'UPI',
    status: 'COMPLETED',
    transactedAt: new Date(Date.now() - 86_400_000),
  });
  const [card] = await db
    .insert(rateCards)
    .values({ effectiveFrom: new Date(Date.now() - 2 * 86_400_000), note: 'Fleet card' })
    .returning({ id: rateCards.id });
  await db.insert(rateCardTiers).values([
    { rateCardId: card!.id, tier: 'STANDARD', rateMinor: PLAY_PRICE_MINOR },
    { rateCardId: card!.id, tier: 'PREMIUM', rateMinor: 2 * PLAY_PRICE_MINOR },
    { rateCardId: card!.id, tier: 'FLAGSHIP', rateMinor: 3 * PLAY_PRICE_MINOR },
  ]);
  const reached = Array.from({ length: count }, (_, index) => campaignOutlets(index, count, outletIds));
  const creatives = await db
    .insert(ads)
    .values(
      reached.map((outlets, index) => ({
        companyId: company!.id,
        title: `Fleet campaign ${index + 1} creative`,
        type: 'IMAGE' as const,
        mediaUrl: `/media/fleet-campaign-${index + 1}.jpg`,
        durationSeconds: CREATIVE_SECONDS,
        status: 'ACTIVE' as const,
        targetOutletIds: outlets,
        createdAt: new Date(Date.now() - 600_000),
      })),
    )
    .returning({ id: ads.id });
  await db.execute(sql`
    with activity as (
      insert into screen_activity (screen_id, outlet_id, kind, occurred_at, activity_date, activity_time)
      select id, outlet_id, 'ONLINE', now() - interval '30 days', current_date - 30, '00:00' from screens
      returning id, screen_id, outlet_id, occurred_at)
    insert into screen_state_changes (screen_id, outlet_id, source_id, kind, occurred_at)
    select screen_id, outlet_id, id, 'ONLINE', occurred_at from activity`);
  return reached.map((outlets, index) => ({
    index,
    creativeId: creatives[index]!.id,
    outletIds: outlets,
    screens: outlets.reduce((sum, outletId) => sum + screensPerOutlet(outletId), 0),
  }));
}

/** A line item as booked, with what the fleet expects of it. */
export interface BookedLineItem {
  campaignId: string;
  lineItemId: string;
  name: string;
  creativeId: string;
  screens: number;
  pacing: Pacing;
  flight: LineItemShape['flight'];
  guaranteed: boolean;
  goalKind: 'PLAYS' | 'BUDGET';
  goal: number;
  /** Sized so the load can deliver it: not the paced day flights, the capped one, nor the two-day one. */
  sizedToReachGoal: boolean;
  dailyCap: number | null;
  maxPerScreenHour: number | null;
  daypart: { start_time: string; end_time: string } | null;
  bookMs: number;
}

const hh = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The line item of campaign `seeded.index`, sized to the run (`endsAt`: when the load should end).
 * The player spreads an hour's plan over the hour, at most ⌊f × max⌋ + 1 plays by the fraction f
 * gone (plan-plays.ts), so a goal meant to be met holds a screen to what the hour the load ends
 * in lets it play by then.
 */
export function lineItemOf(seeded: SeededCampaign, loadSeconds: number, now: number, endsAt: number) {
  const shape = SHAPES[seeded.index % SHAPES.length]!;
  const { date: today, time } = outletWallClock(now, OUTLET_ZONE);
  const fromHour = Number(time.slice(0, 2));
  // The local hours the load lasts: from the one begun to the one it ends in (a daypart may cross midnight).
  const hourBegan = now - (Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8))) * 1000 - (now % 1000);
  const toHour = fromHour + Math.min(23, Math.floor((endsAt - hourBegan) / 3_600_000) + 1);
  const endShare = ((endsAt - hourBegan) % 3_600_000) / 3_600_000;
  const sizedToReachGoal = shape.perScreen === undefined && (shape.flight === 'run' || shape.pacing === 'ASAP');
  // A flight of today has only the hours not over (decision 084 step 7): a screen capped at
  // `maxPerScreenHour` holds at most that many plays in each hour left of the local day.
  const hoursLeftToday = 24 - fromHour;
  const perScreen =
    shape.perScreen !== undefined
      ? Math.min(shape.perScreen, (shape.maxPerScreenHour ?? Number.POSITIVE_INFINITY) * hoursLeftToday)
      : Math.min(
          Math.max(1, Math.round((loadSeconds / SECONDS_PER_PICK) * shape.share)),
          shape.maxPerScreenHour ?? Number.POSITIVE_INFINITY,
          sizedToReachGoal ? Math.max(1, Math.floor(1 / Math.max(0.01, 1 - endShare))) : Number.POSITIVE_INFINITY,
        );
  const plays = seeded.screens * perScreen;
  const daypart = shape.flight === 'run' ? { start_time: hh(fromHour), end_time: hh(toHour) } : null;
  const body: LineItemCreate = {
    name: `Fleet line item ${seeded.index + 1} (${shape.pacing.toLowerCase()}, ${shape.flight})`,
    starts_on: today,
    ends_on: shape.flight === 'two-days' ? dayAfter(today) : today,
    goal_kind: shape.goal ?? 'PLAYS',
    goal_quantity: shape.goal === 'BUDGET' ? plays * PLAY_PRICE_MINOR : shape.flight === 'two-days' ? 2 * plays : plays,
    pacing: shape.pacing,
    daily_cap: shape.dailyCap ? plays : null,
    max_plays_per_screen_hour: shape.maxPerScreenHour ?? null,
    guaranteed: shape.guaranteed,
    spot_seconds: CREATIVE_SECONDS,
    targeting: { outlet_ids: seeded.outletIds, ...(daypart ? { schedule: daypart } : {}) },
    ad_ids: [seeded.creativeId],
  };
  return {
    shape,
    body,
    sizedToReachGoal: sizedToReachGoal && shape.flight !== 'two-days',
    budgetCap: shape.budgetCap ? Math.ceil(plays * PLAY_PRICE_MINOR * 1.2) : null,
  };
}

function dataOf<T>(reply: Reply, what: string): T {
  if (!reply.ok) throw new Error(`${what}: ${reply.error}`);
  if (reply.status < 200 || reply.status >= 300) throw new Error(`${what} answered ${reply.status}: ${reply.body}`);
  return (JSON.parse(reply.body) as { data: T }).data;
}

/**
 * Books every campaign through the API as the advertiser's admin (draft, line item, book: the real
 * booking, availability and reservations), one after another; booking plans the hours begun.
 */
export async function bookCampaigns(
  http: HttpClient,
  seeded: readonly SeededCampaign[],
  loadSeconds: number,
  endsAt: number,
): Promise<BookedLineItem[]> {
  const { token } = dataOf<{ token: string }>(
    await http.request({
      route: 'POST /api/auth/login',
      method: 'POST',
      path: '/api/auth/login',
      body: BUYER,
      staff: true,
    }),
    'The buyer signing in',
  );
  const booked: BookedLineItem[] = [];
  for (const campaign of seeded) {
    const started = performance.now();
    const { shape, body, budgetCap, sizedToReachGoal } = lineItemOf(campaign, loadSeconds, Date.now(), endsAt);
    const ask = (route: string, path: string, payload?: unknown) =>
      http.request({ route, method: 'POST', path, token, body: payload, staff: true });
    const { id } = dataOf<{ id: string }>(
      await ask('POST /api/campaigns', '/api/campaigns', {
        name: `Fleet campaign ${campaign.index + 1}`,
        budget_cap_minor: budgetCap,
      }),
      `Creating campaign ${campaign.index + 1}`,
    );
    const item = dataOf<{ id: string }>(
      await ask('POST /api/campaigns/:id/line-items', `/api/campaigns/${id}/line-items`, body),
      `Adding the line item of campaign ${campaign.index + 1}`,
    );
    dataOf(
      await ask('POST /api/campaigns/:id/book', `/api/campaigns/${id}/book`),
      `Booking campaign ${campaign.index + 1}`,
    );
    booked.push({
      campaignId: id,
      lineItemId: item.id,
      name: body.name,
      creativeId: campaign.creativeId,
      screens: campaign.screens,
      pacing: shape.pacing,
      flight: shape.flight,
      guaranteed: shape.guaranteed,
      goalKind: body.goal_kind === 'BUDGET' ? 'BUDGET' : 'PLAYS',
      goal: body.goal_quantity,
      sizedToReachGoal,
      dailyCap: body.daily_cap ?? null,
      maxPerScreenHour: body.max_plays_per_screen_hour ?? null,
      daypart: shape.flight === 'run' ? (body.targeting?.schedule as BookedLineItem['daypart']) : null,
      bookMs: Math.round(performance.now() - started),
    });
  }
  return booked;
}
