import { hourOfWeek } from '@adloop/contract/audience';
import { DELIVERY_OVERSHOOT, PLAN_HORIZON_HOURS } from '@adloop/contract/campaign-delivery';
import { and, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  adTransactions,
  campaigns,
  lineItemPlans,
  lineItems,
  playbackLogs,
  playRollupsAdDaily,
} from '../../db/schema.ts';
import type { Transaction } from '../../lib/context.ts';
import { audiencesOf } from '../inventory/audience.service.ts';
import { type LearntProfiles, learntProfilesOf } from '../inventory/learnt-profiles.ts';
import { campaignReservedPlays } from '../inventory/reserved-plays.ts';
import { loadCards, type StoredCard } from '../pricing/pricing.service.ts';
import { type PricedHour, planPriced, pricedHoursOf } from './campaign-quote.ts';
import { deliveredHours, hourKey } from './line-item-delivery.ts';

const HOUR_MS = 3_600_000;
const HORIZON_MS = PLAN_HORIZON_HOURS * HOUR_MS;
/** Advisory lock namespace (two-key form): one line item re-planned or played against at a time. */
export const LINE_ITEM_LOCKS = 84_003;
/** The latest zones are 14 h ahead of UTC and the earliest 12 h behind: a local date spans these. */
const EARLIEST_ZONE_MS = 14 * HOUR_MS;
const LATEST_ZONE_MS = 12 * HOUR_MS;

type LineItemRow = typeof lineItems.$inferSelect;
type PlanRow = typeof lineItemPlans.$inferSelect;

/** The instants a flight can touch somewhere: its first local midnight in the easternmost zone to its last in the westernmost. */
export const flightWindow = (item: Pick<LineItemRow, 'startsOn' | 'endsOn'>) => ({
  opens: Date.parse(`${item.startsOn}T00:00:00Z`) - EARLIEST_ZONE_MS,
  closes: Date.parse(`${item.endsOn}T00:00:00Z`) + 24 * HOUR_MS + LATEST_ZONE_MS,
});

/** The lock of one line item: the re-plan and the plays of its creatives take it, so neither sees the other half-done. */
export const lockLineItem = (tx: Transaction | Database, id: string) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(${LINE_ITEM_LOCKS}, ${Number.parseInt(id.replaceAll('-', '').slice(0, 8), 16) | 0})`,
  );

/** The cap delivery never passes (decision 084): the goal + 5 % in its unit. */
export const deliveryCap = (goal: number) => Math.floor(goal * (1 + DELIVERY_OVERSHOOT));

/** What a line item has delivered, and what its plans still let screens play. */
export interface PacingState {
  delivered: number;
  spend: number;
  /** Plays handed out that may still happen: hours not over, or over but not yet reported by a screen that is still silent. */
  outstanding: number;
  outstandingPrice: number;
  /** Per screen-hour key: what is delivered there, and what is outstanding. */
  deliveredAt: Map<string, number>;
  outstandingAt: Map<string, number>;
  /** Of the outstanding, what lies in hours already over (a silent screen's): no future hour can take it. */
  pendingPast: number;
  pendingPastPrice: number;
  /** Plays delivered, or outstanding in hours already over, per local date, which a daily cap counts. */
  dayUsed: Map<string, number>;
  /** The same in impressions (plays × the screen's impressions per play that hour, decision 085). */
  impressions: number;
  outstandingImpressions: number;
  pendingPastImpressions: number;
  /** Whether any screen delivered or planned has an audience estimate. */
  estimated: boolean;
}

/**
 * Delivered and outstanding (decision 084). A plan's plays not yet delivered are outstanding while
 * its hour lasts, and after it while the screen has sent no play from later (it may be playing
 * them offline), for at most the plan's horizon: the re-plan never hands them to another screen
 * as long as the screen that has them may still deliver them.
 */
export async function pacingState(
  db: Database,
  item: LineItemRow,
  plans: PlanRow[],
  now: number,
): Promise<PacingState> {
  const delivered = await deliveredHours(db, item);
  const deliveredAt = new Map(delivered.map((row) => [hourKey(row.screenId, row.date, row.hour), row.plays]));
  const dayUsed = new Map<string, number>();
  for (const row of delivered) dayUsed.set(row.date, (dayUsed.get(row.date) ?? 0) + row.plays);
  const silentScreens = plans
    .filter((plan) => plan.startsAt.getTime() + HOUR_MS <= now && plan.startsAt.getTime() + HOUR_MS + HORIZON_MS > now)
    .map((plan) => plan.screenId);
  const lastPlayed = await lastPlayOf(db, [...new Set(silentScreens)], now);
  const audiences = await audiencesOf(db, [
    ...new Set([...delivered.map((row) => row.screenId), ...plans.map((plan) => plan.screenId)]),
  ]);
  const perPlay = (screenId: string, date: string, hour: number) =>
    audiences.get(screenId)?.[hourOfWeek(date, hour)] ?? 0;
  const impressions = delivered.reduce((sum, row) => sum + row.impressions, 0);
  let outstandingImpressions = 0;
  let pendingPastImpressions = 0;
  const outstandingAt = new Map<string, number>();
  let outstanding = 0;
  let outstandingPrice = 0;
  let pendingPast = 0;
  let pendingPastPrice = 0;
  for (const plan of plans) {
    const key = hourKey(plan.screenId, plan.localDate, plan.hour);
    const left = Math.max(0, plan.maxPlays - (deliveredAt.get(key) ?? 0));
    if (left === 0) continue;
    const ends = plan.startsAt.getTime() + HOUR_MS;
    const pending = ends > now || (ends + HORIZON_MS > now && (lastPlayed.get(plan.screenId) ?? 0) < ends);
    if (!pending) continue;
    outstandingAt.set(key, left);
    outstanding += left;
    outstandingPrice += left * plan.playPriceMinor;
    const seen = left * perPlay(plan.screenId, plan.localDate, plan.hour);
    outstandingImpressions += seen;
    if (ends <= now) {
      pendingPastImpressions += seen;
      pendingPast += left;
      pendingPastPrice += left * plan.playPriceMinor;
      dayUsed.set(plan.localDate, (dayUsed.get(plan.localDate) ?? 0) + left);
    }
  }
  return {
    delivered: delivered.reduce((sum, row) => sum + row.plays, 0),
    spend: delivered.reduce((sum, row) => sum + row.spend, 0),
    outstanding,
    outstandingPrice,
    pendingPast,
    pendingPastPrice,
    impressions,
    outstandingImpressions,
    pendingPastImpressions,
    estimated: audiences.size > 0,
    deliveredAt,
    outstandingAt,
    dayUsed,
  };
}

/** The instant of each screen's latest stored play, within the horizon before `now`. */
async function lastPlayOf(db: Database, screenIds: string[], now: number): Promise<Map<string, number>> {
  if (screenIds.length === 0) return new Map();
  const rows = await db
    .select({ screenId: playbackLogs.screenId, at: sql<string>`max(${playbackLogs.playedAt})::text` })
    .from(playbackLogs)
    .where(
      and(
        inArray(playbackLogs.screenId, screenIds),
        gte(playbackLogs.playedAt, new Date(now - 2 * HORIZON_MS - HOUR_MS)),
      ),
    )
    .groupBy(playbackLogs.screenId);
  return new Map(rows.map((row) => [row.screenId, Date.parse(row.at)]));
}

/**
 * What the company may still spend on plans (decision 084): completed payments less all its spend
 * less the price of the plans its line items have outstanding. Booking reserved the campaign's
 * quote against the balance; this keeps the plans honest when the balance is spent elsewhere.
 */
async function companyMoneyLeft(db: Database, companyId: string, outstandingPrice: number): Promise<number> {
  return (await companyBalance(db, companyId)) - outstandingPrice;
}

/** A company's completed payments (INR) less everything its plays have cost: what it can still pay for. */
export async function companyBalance(db: Database, companyId: string): Promise<number> {
  const result = await db.execute<{ balance: string }>(sql`select (${companyBalanceSql(companyId)})::text as balance`);
  return Number((result as unknown as { rows: { balance: string }[] }).rows[0]?.balance ?? 0);
}

/** An advertiser's balance (paise) as one SQL expression: its completed INR payments less its billed plays. */
export const companyBalanceSql = (companyId: string) => sql`
  (select coalesce(sum(${adTransactions.amountMinor}), 0) from ${adTransactions}
    where ${adTransactions.companyId} = ${companyId} and ${adTransactions.status} = 'COMPLETED' and ${adTransactions.currency} = 'INR')
  - (select coalesce(sum(${playRollupsAdDaily.amountMinor}), 0) from ${playRollupsAdDaily}
    where ${playRollupsAdDaily.companyId} = ${companyId})`;

export interface ReplanResult {
  /** Line items looked at. */
  lineItems: number;
  /** Plays added to screens' plans. */
  handed: number;
  activated: number;
  completed: number;
  /** The creatives of line items whose plans grew: the lists of their screens changed. */
  changedAdIds: string[];
}

/**
 * Re-plans one line item (decision 084), under its lock: what is not yet delivered (less what
 * silent screens may still report for hours already over) is spread by its pacing over the
 * screen-hours left in the flight, each taking at most what is available there (the current hour
 * only for the part not yet past); an hour starting within the horizon whose share is more than
 * it was handed has its plan raised by the difference. Plans are never lowered, and never raised
 * past goal + 5 % in plays, nor past the budget or the advertiser's balance in money.
 */
async function replanLineItem(
  tx: Transaction,
  item: LineItemRow,
  campaign: typeof campaigns.$inferSelect,
  { cards, learnt }: { cards: StoredCard[]; learnt: LearntProfiles },
  now: number,
): Promise<number> {
  await lockLineItem(tx, item.id);
  const db = tx as unknown as Database;
  const plans = await tx.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, item.id));
  const state = await pacingState(db, item, plans, now);
  const handedAt = new Map(plans.map((plan) => [hourKey(plan.screenId, plan.localDate, plan.hour), plan]));

  let priced: PricedHour[];
  try {
    priced = await pricedHoursOf({ db }, item, {
      cards,
      reservedPlays: campaignReservedPlays(db, { now: new Date(now), exceptCampaignId: campaign.id }),
      learnt,
      now: new Date(now),
    });
  } catch {
    // No screen reached any more, or no card in force: nothing can be handed out this hour.
    return 0;
  }
  // Each hour left (the priced hours are those not over, the one under way with what is left of
  // it) takes its share of everything not yet delivered, what is outstanding there included: a
  // plan is raised only where its share has grown past what was handed out.
  const slots = priced.flatMap((slot) => {
    const key = hourKey(slot.screenId, slot.date, slot.hour);
    const room = Math.min(
      slot.available,
      (item.maxPlaysPerScreenHour ?? Number.POSITIVE_INFINITY) - (state.deliveredAt.get(key) ?? 0),
    );
    return room > 0 ? [{ ...slot, available: room }] : [];
  });

  const rules = { pacing: item.pacing, maxPlaysPerScreenHour: null, dailyCap: item.dailyCap, dayUsed: state.dayUsed };
  const moneyCap = Math.min(
    item.goalKind === 'BUDGET' ? item.goalQuantity : Number.POSITIVE_INFINITY,
    campaign.budgetCapMinor ?? Number.POSITIVE_INFINITY,
  );
  const moneyLeft = Math.min(
    moneyCap - state.spend - state.outstandingPrice,
    await companyMoneyLeft(
      db,
      campaign.companyId,
      state.outstandingPrice + (await otherPlansPrice(db, campaign.companyId, item.id, now)),
    ),
  );
  const planned =
    item.goalKind === 'BUDGET'
      ? planPriced(slots, rules, { money: moneyLeft + state.outstandingPrice - state.pendingPastPrice })
      : item.goalKind === 'IMPRESSIONS'
        ? planPriced(slots, rules, {
            impressions: item.goalQuantity - state.impressions - state.pendingPastImpressions,
          })
        : planPriced(slots, rules, { plays: item.goalQuantity - state.delivered - state.pendingPast });

  let playsLeft =
    item.goalKind === 'PLAYS'
      ? deliveryCap(item.goalQuantity) - state.delivered - state.outstanding
      : Number.POSITIVE_INFINITY;
  let impressionsLeft =
    item.goalKind === 'IMPRESSIONS'
      ? deliveryCap(item.goalQuantity) - state.impressions - state.outstandingImpressions
      : Number.POSITIVE_INFINITY;
  let money = moneyLeft;
  // A daily cap holds over what is handed out, not only what is planned now: a plan is never
  // lowered (a screen may be playing it offline), so plays the planner moves away from an hour
  // already handed stay there too. Each date's room is its cap less what was delivered or is
  // still outstanding on it.
  const dayRoom = new Map<string, number>();
  if (item.dailyCap !== null) {
    for (const [date, used] of state.dayUsed) dayRoom.set(date, item.dailyCap - used);
    for (const plan of plans) {
      if (plan.startsAt.getTime() + HOUR_MS <= now) continue; // outstanding there is in dayUsed
      const left = state.outstandingAt.get(hourKey(plan.screenId, plan.localDate, plan.hour)) ?? 0;
      dayRoom.set(plan.localDate, (dayRoom.get(plan.localDate) ?? item.dailyCap) - left);
    }
  }
  const rows: Array<typeof lineItemPlans.$inferInsert> = [];
  for (const hour of planned.plan.hours) {
    const key = hourKey(hour.screenId, hour.date, hour.hour);
    const startsAt = hour.startsAt;
    if (startsAt >= now + HORIZON_MS) continue;
    const price = hour.playPrice;
    const more = hour.plays - (state.outstandingAt.get(key) ?? 0);
    const seen = hour.impressionsPerPlay;
    const plays = Math.min(
      more,
      playsLeft,
      price > 0 ? Math.floor(money / price) : more,
      seen > 0 ? Math.floor(impressionsLeft / seen) : more,
      item.dailyCap === null ? more : (dayRoom.get(hour.date) ?? item.dailyCap),
    );
    if (plays <= 0) continue;
    if (item.dailyCap !== null) dayRoom.set(hour.date, (dayRoom.get(hour.date) ?? item.dailyCap) - plays);
    playsLeft -= plays;
    impressionsLeft -= plays * seen;
    money -= plays * price;
    const before = handedAt.get(key);
    rows.push({
      lineItemId: item.id,
      screenId: hour.screenId,
      localDate: hour.date,
      hour: hour.hour,
      startsAt: new Date(startsAt),
      maxPlays: Math.max(before?.maxPlays ?? 0, state.deliveredAt.get(key) ?? 0) + plays,
      playPriceMinor: price,
      handedAt: new Date(now),
    });
  }
  for (let from = 0; from < rows.length; from += 1_000) {
    await tx
      .insert(lineItemPlans)
      .values(rows.slice(from, from + 1_000))
      .onConflictDoUpdate({
        target: [lineItemPlans.lineItemId, lineItemPlans.screenId, lineItemPlans.localDate, lineItemPlans.hour],
        set: {
          maxPlays: sql`greatest(${lineItemPlans.maxPlays}, excluded.max_plays)`,
          playPriceMinor: sql`excluded.play_price_minor`,
          handedAt: sql`excluded.handed_at`,
        },
      });
  }
  return rows.reduce(
    (sum, row) => sum + row.maxPlays - (handedAt.get(hourKey(row.screenId, row.localDate, row.hour))?.maxPlays ?? 0),
    0,
  );
}

/**
 * The price of the plans of a company's other line items for hours not over at `now`, as handed
 * out (delivered or not: an over-estimate, so the balance is never overdrawn).
 */
async function otherPlansPrice(
  db: Database,
  companyId: string,
  exceptLineItemId: string,
  now: number,
): Promise<number> {
  const [row] = await db
    .select({
      value: sql<string>`coalesce(sum(${lineItemPlans.maxPlays} * ${lineItemPlans.playPriceMinor}), 0)::text`,
    })
    .from(lineItemPlans)
    .innerJoin(lineItems, eq(lineItems.id, lineItemPlans.lineItemId))
    .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
    .where(
      and(
        eq(campaigns.companyId, companyId),
        ne(lineItemPlans.lineItemId, exceptLineItemId),
        gt(lineItemPlans.startsAt, new Date(now - HOUR_MS)),
        lt(lineItemPlans.startsAt, new Date(now + HORIZON_MS)),
      ),
    );
  return Number(row?.value ?? 0);
}

/**
 * The pacing tick (decision 084): every BOOKED or ACTIVE campaign (or the one named) moves to
 * ACTIVE once a screen holds a plan of it for an hour already begun (its flight has begun where
 * it plays) and to COMPLETED once every flight has ended everywhere and its plans' horizon has
 * passed; each of its line items in flight is re-planned.
 */
export async function replanCampaigns(
  db: Database,
  { now = Date.now(), campaignId }: { now?: number; campaignId?: string } = {},
): Promise<ReplanResult> {
  const live = await db
    .select()
    .from(campaigns)
    .where(and(inArray(campaigns.status, ['BOOKED', 'ACTIVE']), campaignId ? eq(campaigns.id, campaignId) : undefined));
  const result: ReplanResult = { lineItems: 0, handed: 0, activated: 0, completed: 0, changedAdIds: [] };
  if (live.length === 0) return result;
  const pricing = { cards: await loadCards(db), learnt: learntProfilesOf(db) };
  for (const campaign of live) {
    const items = await db.select().from(lineItems).where(eq(lineItems.campaignId, campaign.id));
    const windows = items.map(flightWindow);
    const over = windows.every((window) => window.closes + HORIZON_MS <= now);
    for (const item of items) {
      const window = flightWindow(item);
      if (window.opens > now + HORIZON_MS || window.closes <= now) continue;
      result.lineItems += 1;
      const handed = await db.transaction((tx) => replanLineItem(tx, item, campaign, pricing, now));
      result.handed += handed;
      if (handed > 0) result.changedAdIds.push(...item.adIds);
    }
    // Delivering once a screen's plan for an hour already begun exists: the flight has begun where it plays.
    const [begun] =
      over || items.length === 0
        ? []
        : await db
            .select({ lineItemId: lineItemPlans.lineItemId })
            .from(lineItemPlans)
            .where(
              and(
                inArray(
                  lineItemPlans.lineItemId,
                  items.map((item) => item.id),
                ),
                lte(lineItemPlans.startsAt, new Date(now)),
              ),
            )
            .limit(1);
    const status = over ? 'COMPLETED' : begun || campaign.status === 'ACTIVE' ? 'ACTIVE' : 'BOOKED';
    if (status !== campaign.status) {
      if (status === 'COMPLETED') result.changedAdIds.push(...items.flatMap((item) => item.adIds));
      await db
        .update(campaigns)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, ['BOOKED', 'ACTIVE'])));
      if (status === 'ACTIVE') result.activated += 1;
      if (status === 'COMPLETED') result.completed += 1;
    }
  }
  return result;
}
