import { hourOfWeek } from '@adloop/contract/audience';
import type { CampaignQuote, LineItemQuote } from '@adloop/contract/campaign-booking';
import { zonedInstant } from '@adloop/contract/clock';
import type { OutletTier } from '@adloop/contract/constants';
import { MAX_FLIGHT_DAYS, MAX_SCREENS_PAGE_SIZE, type ScreenAvailability } from '@adloop/contract/inventory';
import { cardInForce, priceOfPlay } from '@adloop/contract/rate-card-rules';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type lineItems, outlets } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, fieldError } from '../../lib/http-error.ts';
import { audiencesOf } from '../inventory/audience.service.ts';
import { availability } from '../inventory/availability.service.ts';
import { type LearntProfiles, learntProfilesOf } from '../inventory/learnt-profiles.ts';
import type { ReservedPlays } from '../inventory/reserved-plays.ts';
import type { StoredCard } from '../pricing/pricing.service.ts';
import { type Plan, type PlanRules, planLineItem, type ScreenHour } from './line-item-plan.ts';

type LineItemRow = typeof lineItems.$inferSelect;

/** What a quote prices against: the cards, what is reserved, the learnt profiles (of the app's database) and now. */
export interface Pricing {
  cards: StoredCard[];
  reservedPlays: ReservedPlays;
  learnt: LearntProfiles;
  now: Date;
}

/** An eligible screen-hour with the price of one play there and the instant it starts. */
export interface PricedHour extends ScreenHour {
  playPrice: number;
  startsAt: number;
  /** People who see a play there (the screen's audience estimate, decision 085); 0 without one. */
  impressionsPerPlay: number;
}

const HOUR_MS = 3_600_000;

/** The instant a zone's wall clock starts `hour` on `date`. */
const instantOfLocalHour = (date: string, hour: number, timeZone: string): number =>
  zonedInstant(date, `${String(hour).padStart(2, '0')}:00:00`, timeZone).getTime();

/**
 * Every eligible screen-hour of a line item with what is available there (the inventory service,
 * all pages of screens) and the price of one play by the card in force at the hour's start, the
 * outlet's tier and the daypart then (decision 033). No card in force is a 409: nothing is priced.
 * Only hours not over at `now` are eligible, the hour under way with what is left of it: a flight
 * booked today plans nothing into the morning already gone.
 */
export async function pricedHoursOf(
  ctx: Pick<ServiceContext, 'db'>,
  item: LineItemRow,
  { cards, reservedPlays, learnt, now }: Pricing,
): Promise<PricedHour[]> {
  const days = (Date.parse(item.endsOn) - Date.parse(item.startsOn)) / 86_400_000 + 1;
  if (days > MAX_FLIGHT_DAYS) {
    throw fieldError(
      'ends_on',
      `Line item "${item.name}" spans ${days} days: a flight may span at most ${MAX_FLIGHT_DAYS}`,
    );
  }
  const nowMs = now.getTime();
  const { tags, outlet_ids, pincodes, cities, schedule } = item.targeting;
  const screens: ScreenAvailability[] = [];
  let page = 1;
  for (;;) {
    const answer = await availability(
      ctx,
      {
        targeting: { tags, outlet_ids, pincodes, cities },
        schedule: { days_of_week: schedule.days_of_week, start_time: schedule.start_time, end_time: schedule.end_time },
        starts_on: item.startsOn,
        ends_on: item.endsOn,
        spot_seconds: item.spotSeconds,
        screens_page: page,
        screens_page_size: MAX_SCREENS_PAGE_SIZE,
      },
      { reservedPlays, learnt, now },
    );
    screens.push(...answer.screens);
    if (screens.length >= answer.reach.screens || answer.screens.length === 0) break;
    page += 1;
  }
  const outletIds = [...new Set(screens.map((screen) => screen.outlet_id))];
  const tierRows =
    outletIds.length === 0
      ? []
      : await ctx.db.select({ id: outlets.id, tier: outlets.tier }).from(outlets).where(inArray(outlets.id, outletIds));
  const tierOf = new Map(tierRows.map((row) => [row.id, row.tier as OutletTier]));
  const audiences = await audiencesOf(
    ctx.db,
    screens.map((screen) => screen.screen_id),
  );
  // The instant and price of an hour depend only on the zone, the tier, the date and the hour: a
  // flight over thousands of screens has a few hundred of them, each worked out once.
  const hourOf = new Map<string, { at: number; price: number }>();
  const priced: PricedHour[] = [];
  for (const screen of screens) {
    const zone = screen.timezone;
    const tier = tierOf.get(screen.outlet_id) ?? 'STANDARD';
    const audience = audiences.get(screen.screen_id);
    for (const day of screen.days) {
      const weekday = hourOfWeek(day.date, 0);
      day.available.forEach((available, hour) => {
        if (available === null || available <= 0) return;
        const key = `${zone} ${tier} ${day.date} ${hour}`;
        let known = hourOf.get(key);
        if (!known) {
          const at = instantOfLocalHour(day.date, hour, zone);
          if (at + HOUR_MS <= nowMs) return;
          const card = cardInForce(cards, at);
          if (!card) {
            throw conflict(
              `No rate card is in force on ${day.date} at ${String(hour).padStart(2, '0')}:00 (${zone}): line item "${item.name}" cannot be priced`,
            );
          }
          known = { at, price: priceOfPlay(card, tier, day.date, `${String(hour).padStart(2, '0')}:00`).price_minor };
          hourOf.set(key, known);
        }
        const room = known.at >= nowMs ? available : Math.floor((available * (known.at + HOUR_MS - nowMs)) / HOUR_MS);
        if (room <= 0) return;
        priced.push({
          screenId: screen.screen_id,
          date: day.date,
          hour,
          available: room,
          playPrice: known.price,
          startsAt: known.at,
          impressionsPerPlay: audience?.[weekday + hour] ?? 0,
        });
      });
    }
  }
  // An impressions goal is delivered only where someone is counted as watching.
  return item.goalKind === 'IMPRESSIONS' ? priced.filter((slot) => slot.impressionsPerPlay > 0) : priced;
}

export interface PricedPlan {
  plan: Plan<PricedHour>;
  /** The goal in plays the plan was made for. */
  goal: number;
  cost: number;
  /** Σ plays × impressions per play of the planned hours. */
  impressions: number;
}

/**
 * Plans `plays`, or as many plays as `money` (paise) buys, over priced screen-hours. Money becomes
 * plays through the hours' prices: the money over the average price of the plays available,
 * lowered until the plan's price is within it.
 */
export function planPriced(
  priced: readonly PricedHour[],
  rules: Omit<PlanRules, 'goal'>,
  want: { plays: number } | { money: number } | { impressions: number },
): PricedPlan {
  const planFor = (goal: number): PricedPlan => {
    const plan = planLineItem(priced, { ...rules, goal });
    let cost = 0;
    let impressions = 0;
    for (const hour of plan.hours) {
      cost += hour.plays * hour.playPrice;
      impressions += hour.plays * hour.impressionsPerPlay;
    }
    return { plan, goal, cost, impressions };
  };
  if ('plays' in want) return planFor(Math.max(0, want.plays));
  const available = priced.reduce((sum, hour) => sum + hour.available, 0);
  if ('impressions' in want) {
    // The fewest plays whose plan reaches the impressions (the plan's impressions grow with its plays).
    const wanted = Math.max(0, want.impressions);
    if (wanted === 0) return planFor(0);
    const all = planFor(available);
    if (all.impressions < wanted) {
      // Not enough: ask for the plays the goal needs at the average audience, so the shortfall shows.
      return planFor(all.impressions === 0 ? available + 1 : Math.ceil((wanted * all.plan.planned) / all.impressions));
    }
    let low = 0;
    let high = available;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (planFor(middle).impressions >= wanted) high = middle;
      else low = middle + 1;
    }
    return planFor(low);
  }
  const money = Math.max(0, want.money);
  const value = priced.reduce((sum, hour) => sum + hour.available * hour.playPrice, 0);
  let goal = value === 0 ? available : Math.floor((money * available) / value);
  let planned = planFor(goal);
  const dearest = Math.max(1, ...priced.map((hour) => hour.playPrice));
  while (planned.cost > money && goal > 0) {
    goal -= Math.max(1, Math.ceil((planned.cost - money) / dearest));
    planned = planFor(goal);
  }
  return planned;
}

/** A line item's plan and price; a BUDGET goal is planned as the plays its money buys. */
async function quoteLineItem(ctx: ServiceContext, item: LineItemRow, pricing: Pricing): Promise<LineItemQuote> {
  const priced = await pricedHoursOf(ctx, item, pricing);
  const planned = planPriced(
    priced,
    { pacing: item.pacing, maxPlaysPerScreenHour: item.maxPlaysPerScreenHour, dailyCap: item.dailyCap },
    item.goalKind === 'BUDGET'
      ? { money: item.goalQuantity }
      : item.goalKind === 'IMPRESSIONS'
        ? { impressions: item.goalQuantity }
        : { plays: item.goalQuantity },
  );
  if (item.goalKind === 'IMPRESSIONS' && priced.length === 0) {
    throw fieldError(
      'goal_kind',
      `Line item "${item.name}": no screen it reaches has an audience estimate, so an IMPRESSIONS goal cannot be planned; set one (PUT /api/inventory/screens/:id/audience) or use PLAYS or BUDGET`,
    );
  }
  const goal = planned.goal;
  const { plan } = planned;
  return {
    line_item_id: item.id,
    name: item.name,
    guaranteed: item.guaranteed,
    goal_plays: goal,
    planned_plays: plan.planned,
    shortfall_plays: plan.shortfall,
    price_minor: planned.cost,
    impressions: Math.round(planned.impressions),
    effective_cpm_minor: planned.impressions > 0 ? Math.round((planned.cost * 1000) / planned.impressions) : null,
    hours: plan.hours.map((hour) => ({
      screen_id: hour.screenId,
      date: hour.date,
      hour: hour.hour,
      plays: hour.plays,
      price_minor: hour.plays * hour.playPrice,
    })),
  };
}

/**
 * The quote of a campaign's line items against what `reservedPlays` leaves available, read through
 * `db` (a booking's transaction, or the app's database); writes nothing. The cards are read before
 * a booking's transaction opens (PGlite's one connection is the transaction's until it ends).
 */
export async function quoteOf(
  ctx: ServiceContext,
  campaignId: string,
  items: LineItemRow[],
  { cards, reservedPlays, now }: { cards: StoredCard[]; reservedPlays: ReservedPlays; now: Date },
  db: Database = ctx.db,
): Promise<CampaignQuote> {
  const pricing = { cards, reservedPlays, learnt: learntProfilesOf(ctx.db), now };
  const scoped = { ...ctx, db };
  const quotes: LineItemQuote[] = [];
  for (const item of items) quotes.push(await quoteLineItem(scoped, item, pricing));
  return {
    campaign_id: campaignId,
    currency: 'INR',
    line_items: quotes,
    total_minor: quotes.reduce((sum, quote) => sum + quote.price_minor, 0),
    fits: quotes.every((quote) => quote.shortfall_plays === 0),
  };
}
