import type { UnderDeliveryDetails } from '@adloop/contract/alerts';
import type { CampaignDelivery, DeliveryDay, LineItemDelivery } from '@adloop/contract/campaign-delivery';
import { zonedInstant } from '@adloop/contract/clock';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campaignReservations,
  campaigns,
  companies,
  lineItemPlans,
  lineItems,
  outlets,
  screens,
} from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { audiencesOf } from '../inventory/audience.service.ts';
import { learntProfilesOf } from '../inventory/learnt-profiles.ts';
import { campaignReservedPlays } from '../inventory/reserved-plays.ts';
import { loadCards, type StoredCard } from '../pricing/pricing.service.ts';
import { pricedHoursOf } from './campaign-quote.ts';
import { getCampaign } from './campaigns.service.ts';
import { deliveredHours, hourKey } from './line-item-delivery.ts';
import { deliveryCap, flightWindow, pacingState } from './pacing.service.ts';
import { settlementsOf } from './settlement.ts';

type LineItemRow = typeof lineItems.$inferSelect;
const HOUR_MS = 3_600_000;

/** The zone of each screen's outlet. */
async function zonesOf(db: Database, screenIds: string[]): Promise<Map<string, string>> {
  if (screenIds.length === 0) return new Map();
  const rows = await db
    .select({ id: screens.id, timezone: outlets.timezone })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(inArray(screens.id, screenIds));
  return new Map(rows.map((row) => [row.id, row.timezone]));
}

const startOfHour = (date: string, hour: number, zone: string) =>
  zonedInstant(date, `${String(hour).padStart(2, '0')}:00:00`, zone).getTime();

/**
 * What the hours left of a flight can still deliver, in plays, paise and impressions: in each hour
 * not over, the more of what its plans still allow there and what the hour can hold (0 when
 * nothing is reached or priced).
 */
async function roomLeft(
  db: Database,
  item: LineItemRow,
  campaignId: string,
  cards: StoredCard[],
  now: number,
  outstandingAt: ReadonlyMap<string, number>,
): Promise<{ plays: number; money: number; impressions: number }> {
  try {
    const priced = await pricedHoursOf({ db }, item, {
      cards,
      reservedPlays: campaignReservedPlays(db, { now: new Date(now), exceptCampaignId: campaignId }),
      learnt: learntProfilesOf(db),
      now: new Date(now),
    });
    let plays = 0;
    let money = 0;
    let impressions = 0;
    // The priced hours are those not over, the one under way with what is left of it.
    for (const slot of priced) {
      const holds = Math.min(slot.available, item.maxPlaysPerScreenHour ?? Number.POSITIVE_INFINITY);
      const room = Math.max(holds, outstandingAt.get(hourKey(slot.screenId, slot.date, slot.hour)) ?? 0);
      plays += room;
      money += room * slot.playPrice;
      impressions += room * slot.impressionsPerPlay;
    }
    return { plays, money, impressions };
  } catch {
    return { plays: 0, money: 0, impressions: 0 };
  }
}

async function lineItemDelivery(
  db: Database,
  item: LineItemRow,
  campaignId: string,
  cards: StoredCard[],
  now: number,
): Promise<Omit<LineItemDelivery, 'settlement'>> {
  const [booked, delivered, plans] = await Promise.all([
    db.select().from(campaignReservations).where(eq(campaignReservations.lineItemId, item.id)),
    deliveredHours(db, item),
    db.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, item.id)),
  ]);
  const state = await pacingState(db, item, plans, now);
  const zones = await zonesOf(db, [...new Set(booked.map((row) => row.screenId))]);

  const days = new Map<string, DeliveryDay>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, booked_plays: 0, delivered_plays: 0, delivered_impressions: null, spend_minor: 0 };
      days.set(date, day);
    }
    return day;
  };
  let bookedPlays = 0;
  let bookedBegun = 0;
  for (const row of booked) {
    dayOf(row.localDate).booked_plays += row.plays;
    bookedPlays += row.plays;
    const zone = zones.get(row.screenId);
    // An hour under way counts for the part of it gone, so a booking is not "behind" the moment it starts.
    const start = zone ? startOfHour(row.localDate, row.hour, zone) : Number.POSITIVE_INFINITY;
    if (start <= now) bookedBegun += row.plays * Math.min(1, (now - start) / HOUR_MS);
  }
  const audiences = await audiencesOf(db, [...new Set(delivered.map((row) => row.screenId))]);
  const estimated = state.estimated || audiences.size > 0;
  const seenOn = new Map<string, number>();
  for (const row of delivered) {
    const day = dayOf(row.date);
    day.delivered_plays += row.plays;
    day.spend_minor += row.spend;
    seenOn.set(row.date, (seenOn.get(row.date) ?? 0) + row.impressions);
  }
  if (estimated) for (const day of days.values()) day.delivered_impressions = Math.round(seenOn.get(day.date) ?? 0);

  // The flight is over once its last local day has ended on every screen it booked (else everywhere).
  const window = flightWindow(item);
  const bookedZones = [...new Set(zones.values())];
  const closes =
    bookedZones.length > 0
      ? Math.max(...bookedZones.map((zone) => startOfHour(item.endsOn, 0, zone) + 24 * HOUR_MS))
      : window.closes;
  const elapsed =
    bookedPlays > 0
      ? bookedBegun / bookedPlays
      : Math.min(1, Math.max(0, (now - window.opens) / (window.closes - window.opens)));
  const deliveredQuantity =
    item.goalKind === 'BUDGET'
      ? state.spend
      : item.goalKind === 'IMPRESSIONS'
        ? Math.round(state.impressions)
        : state.delivered;
  const deliveredShare = deliveredQuantity / item.goalQuantity;
  const ended = now >= closes;
  const room = ended
    ? { plays: 0, money: 0, impressions: 0 }
    : await roomLeft(db, item, campaignId, cards, now, state.outstandingAt);
  const ahead =
    item.goalKind === 'BUDGET'
      ? state.pendingPastPrice + room.money
      : item.goalKind === 'IMPRESSIONS'
        ? Math.round(state.pendingPastImpressions + room.impressions)
        : state.pendingPast + room.plays;
  const forecast = Math.min(
    item.goalKind === 'BUDGET' ? item.goalQuantity : deliveryCap(item.goalQuantity),
    deliveredQuantity + ahead,
  );
  return {
    line_item_id: item.id,
    name: item.name,
    starts_on: item.startsOn,
    ends_on: item.endsOn,
    goal_kind: item.goalKind,
    goal_quantity: item.goalQuantity,
    pacing: item.pacing,
    guaranteed: item.guaranteed,
    booked_plays: bookedPlays,
    delivered_plays: state.delivered,
    delivered_impressions: estimated ? Math.round(state.impressions) : null,
    spend_minor: state.spend,
    delivered_quantity: deliveredQuantity,
    elapsed_share: elapsed,
    delivered_share: deliveredShare,
    progress: elapsed > 0 ? deliveredShare / elapsed : null,
    forecast_quantity: forecast,
    at_risk: forecast < item.goalQuantity,
    shortfall_quantity: ended ? Math.max(0, item.goalQuantity - deliveredQuantity) : null,
    planned_ahead_plays: state.outstanding,
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/**
 * `GET /api/campaigns/:id/delivery` (decision 084, issue 20 point 6): per line item, booked
 * against delivered per local date, the progress ratio (share delivered ÷ share of the booked
 * plan begun), a forecast to the end (delivered + outstanding plans + what the hours left can
 * hold) and the shortfall once the flight is over. Counted from stored proof of play.
 */
export async function campaignDelivery(
  ctx: ServiceContext,
  id: string,
  { now = Date.now() }: { now?: number } = {},
): Promise<CampaignDelivery> {
  const campaign = await getCampaign(ctx, id);
  const items = await ctx.db
    .select()
    .from(lineItems)
    .where(eq(lineItems.campaignId, id))
    .orderBy(asc(lineItems.startsOn), asc(lineItems.createdAt), asc(lineItems.id));
  const cards = await loadCards(ctx.db);
  const lines: Array<Omit<LineItemDelivery, 'settlement'>> = [];
  for (const item of items) lines.push(await lineItemDelivery(ctx.db, item, id, cards, now));
  const settlements = await settlementsOf(ctx.db, campaign, items, lines);
  return {
    campaign_id: id,
    status: campaign.status,
    currency: 'INR',
    as_of: new Date(now).toISOString(),
    line_items: lines.map((line) => ({ ...line, settlement: settlements.get(line.line_item_id)! })),
    totals: {
      booked_plays: lines.reduce((sum, line) => sum + line.booked_plays, 0),
      delivered_plays: lines.reduce((sum, line) => sum + line.delivered_plays, 0),
      delivered_impressions: lines.some((line) => line.delivered_impressions !== null)
        ? lines.reduce((sum, line) => sum + (line.delivered_impressions ?? 0), 0)
        : null,
      spend_minor: lines.reduce((sum, line) => sum + line.spend_minor, 0),
    },
  };
}

/** A line item whose forecast no longer reaches its goal, with what an alert says of it. */
export interface LineItemAtRisk {
  companyId: string;
  lineItemId: string;
  /** When its flight opens (the alert's start: one alert per line item). */
  opensAt: Date;
  details: UnderDeliveryDetails;
}

/**
 * The line items of ACTIVE campaigns, in flight at `now`, whose forecast (delivered + outstanding
 * plans + what the hours left can hold) falls short of the goal (decision 084): what the
 * under-delivery alert is raised for.
 */
export async function lineItemsAtRisk(db: Database, now: number): Promise<LineItemAtRisk[]> {
  const live = await db
    .select({ item: lineItems, campaign: campaigns, companyName: companies.name })
    .from(lineItems)
    .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .where(eq(campaigns.status, 'ACTIVE'));
  if (live.length === 0) return [];
  const cards = await loadCards(db);
  const risks: LineItemAtRisk[] = [];
  for (const { item, campaign, companyName } of live) {
    const window = flightWindow(item);
    if (window.opens > now || window.closes <= now) continue;
    const delivery = await lineItemDelivery(db, item, campaign.id, cards, now);
    if (!delivery.at_risk) continue;
    risks.push({
      companyId: campaign.companyId,
      lineItemId: item.id,
      opensAt: new Date(window.opens),
      details: {
        campaign_id: campaign.id,
        campaign_name: campaign.name,
        line_item_id: item.id,
        line_item_name: item.name,
        company_name: companyName,
        goal_kind: item.goalKind,
        goal_quantity: item.goalQuantity,
        delivered_quantity: delivery.delivered_quantity,
        forecast_quantity: delivery.forecast_quantity,
        ends_on: item.endsOn,
      },
    });
  }
  return risks;
}
