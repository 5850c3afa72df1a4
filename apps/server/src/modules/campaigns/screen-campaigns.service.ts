import {
  SCREEN_CAMPAIGN_STATUSES,
  type ScreenCampaign,
  type ScreenCampaignListQuery,
  type ScreenCampaignScreen,
  type ScreenCampaignStatus,
  type ScreenPlays,
} from '@adloop/contract/screen-campaigns';
import { and, asc, type Column, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ads,
  campaignReservations,
  campaigns,
  companies,
  lineItemPlans,
  lineItems,
  outlets,
  screens,
} from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/http-error.ts';
import { offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { reachesAll, scopedByOutlet } from '../../lib/scope.ts';
import { deliveredHours } from './line-item-delivery.ts';

/*
 * Campaigns on screens (decision 087): the booked campaigns whose line items reach the caller's
 * screens — a reservation made at booking or a plan handed out there. Delivery needs no reach of
 * its own: a screen's plays of a live line item are stored only within a plan it was handed
 * (decision 084), and plans of hours begun are never deleted. Nothing here reads a price.
 */

type LineItemRow = typeof lineItems.$inferSelect;

/** The caller's screens, of one outlet when named: a condition on a screen id column (none for every screen). */
function onCallersScreens(db: Database, caller: Caller, screenId: Column, outletId?: string): SQL | undefined {
  const reach = and(scopedByOutlet(caller, screens.outletId), outletId ? eq(screens.outletId, outletId) : undefined);
  return reach ? inArray(screenId, db.select({ id: screens.id }).from(screens).where(reach)) : undefined;
}

/** The (line item, screen) pairs reserved or planned on the caller's screens. */
function reachedPairs(db: Database, caller: Caller, outletId?: string) {
  const reserved = db
    .selectDistinct({ lineItemId: campaignReservations.lineItemId, screenId: campaignReservations.screenId })
    .from(campaignReservations)
    .where(onCallersScreens(db, caller, campaignReservations.screenId, outletId));
  const planned = db
    .selectDistinct({ lineItemId: lineItemPlans.lineItemId, screenId: lineItemPlans.screenId })
    .from(lineItemPlans)
    .where(onCallersScreens(db, caller, lineItemPlans.screenId, outletId));
  return db.$with('reached').as(reserved.union(planned));
}

const firstDay = sql<string>`min(${lineItems.startsOn})`;
const lastDay = sql<string>`max(${lineItems.endsOn})`;
const SORTABLE = { name: campaigns.name, status: campaigns.status, starts_on: firstDay, ends_on: lastDay };
/** Delivering first, soonest begun first; then booked, soonest first; then completed, most recently ended first. */
const byWhatMatters = sql`case ${campaigns.status} when 'ACTIVE' then 0 when 'BOOKED' then 1 else 2 end,
  case when ${campaigns.status} = 'COMPLETED' then null else ${firstDay} end asc nulls last, ${lastDay} desc`;

export async function listScreenCampaigns(
  ctx: ServiceContext,
  query: ScreenCampaignListQuery,
): Promise<Page<ScreenCampaign>> {
  const { db, caller } = ctx;
  const reached = reachedPairs(db, caller, query.outlet_id);
  const where = and(
    inArray(campaigns.status, query.status ? [query.status] : [...SCREEN_CAMPAIGN_STATUSES]),
    searchOf(query.q, [campaigns.name, companies.name]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .with(reached)
      .select({ id: campaigns.id })
      .from(reached)
      .innerJoin(lineItems, eq(lineItems.id, reached.lineItemId))
      .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
      .innerJoin(companies, eq(companies.id, campaigns.companyId))
      .where(where)
      .groupBy(campaigns.id)
      .orderBy(...orderByOf(query.sort, SORTABLE, byWhatMatters, campaigns.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .with(reached)
      .select({ value: countDistinct(campaigns.id) })
      .from(reached)
      .innerJoin(lineItems, eq(lineItems.id, reached.lineItemId))
      .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
      .innerJoin(companies, eq(companies.id, campaigns.companyId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const views = await screenCampaignsOf(db, caller, ids, query.outlet_id);
  return pageOf(
    ids.flatMap((id) => views.get(id) ?? []),
    query,
    total?.value,
  );
}

/** One campaign as its screens of the caller's see it: 404 unless it is booked and reaches one of them. */
export async function getScreenCampaign(ctx: ServiceContext, id: string): Promise<ScreenCampaign> {
  const view = (await screenCampaignsOf(ctx.db, ctx.caller, [id])).get(id);
  if (!view) throw notFound('Campaign');
  return view;
}

const noPlays = (): ScreenPlays => ({ booked_plays: 0, planned_plays: 0, delivered_plays: 0 });
const addPlays = (into: ScreenPlays, from: ScreenPlays) => {
  into.booked_plays += from.booked_plays;
  into.planned_plays += from.planned_plays;
  into.delivered_plays += from.delivered_plays;
};
const pairKey = (lineItemId: string, screenId: string) => `${lineItemId} ${screenId}`;

/** Delivered plays per (line item, screen) of the pairs, through the line item's delivery. */
async function deliveredOf(
  db: Database,
  caller: Caller,
  items: LineItemRow[],
  screensOf: Map<string, Set<string>>,
): Promise<Map<string, number>> {
  const delivered = new Map<string, number>();
  const count = (lineItemId: string, rows: Array<{ screenId: string; plays: number }>) => {
    for (const row of rows) {
      if (!screensOf.get(lineItemId)?.has(row.screenId)) continue;
      const key = pairKey(lineItemId, row.screenId);
      delivered.set(key, (delivered.get(key) ?? 0) + row.plays);
    }
  };
  for (const item of items) {
    // The whole network reads a line item's delivery once; outlet staff, screen by screen of theirs.
    if (reachesAll(caller)) count(item.id, await deliveredHours(db, item));
    else
      for (const screenId of screensOf.get(item.id) ?? []) count(item.id, await deliveredHours(db, item, { screenId }));
  }
  return delivered;
}

/** The campaigns of `ids` that are booked and reach the caller's screens (of one outlet when named), by id. */
async function screenCampaignsOf(
  db: Database,
  caller: Caller,
  ids: string[],
  outletId?: string,
): Promise<Map<string, ScreenCampaign>> {
  if (ids.length === 0) return new Map();
  const shown = await db
    .select({ campaign: campaigns, advertiser: companies.name })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .where(and(inArray(campaigns.id, ids), inArray(campaigns.status, [...SCREEN_CAMPAIGN_STATUSES])));
  if (shown.length === 0) return new Map();
  const itemsOfShown = db
    .select({ id: lineItems.id })
    .from(lineItems)
    .where(
      inArray(
        lineItems.campaignId,
        shown.map((row) => row.campaign.id),
      ),
    );
  const [booked, planned] = await Promise.all([
    db
      .select({
        lineItemId: campaignReservations.lineItemId,
        screenId: campaignReservations.screenId,
        plays: sql<number>`sum(${campaignReservations.plays})::int`,
      })
      .from(campaignReservations)
      .where(
        and(
          inArray(campaignReservations.lineItemId, itemsOfShown),
          onCallersScreens(db, caller, campaignReservations.screenId, outletId),
        ),
      )
      .groupBy(campaignReservations.lineItemId, campaignReservations.screenId),
    db
      .select({
        lineItemId: lineItemPlans.lineItemId,
        screenId: lineItemPlans.screenId,
        plays: sql<number>`sum(${lineItemPlans.maxPlays})::int`,
      })
      .from(lineItemPlans)
      .where(
        and(
          inArray(lineItemPlans.lineItemId, itemsOfShown),
          onCallersScreens(db, caller, lineItemPlans.screenId, outletId),
        ),
      )
      .groupBy(lineItemPlans.lineItemId, lineItemPlans.screenId),
  ]);

  const plays = new Map<string, ScreenPlays>();
  const screensOf = new Map<string, Set<string>>();
  const pair = (lineItemId: string, screenId: string) => {
    const key = pairKey(lineItemId, screenId);
    let found = plays.get(key);
    if (!found) {
      found = noPlays();
      plays.set(key, found);
      screensOf.set(lineItemId, (screensOf.get(lineItemId) ?? new Set()).add(screenId));
    }
    return found;
  };
  for (const row of booked) pair(row.lineItemId, row.screenId).booked_plays += Number(row.plays);
  for (const row of planned) pair(row.lineItemId, row.screenId).planned_plays += Number(row.plays);
  if (screensOf.size === 0) return new Map();

  const screenIds = [...new Set([...screensOf.values()].flatMap((set) => [...set]))];
  const [items, screenRows] = await Promise.all([
    db
      .select()
      .from(lineItems)
      .where(inArray(lineItems.id, [...screensOf.keys()]))
      .orderBy(asc(lineItems.startsOn), asc(lineItems.createdAt), asc(lineItems.id)),
    db
      .select({ screen: screens, outlet: { id: outlets.id, name: outlets.name, timezone: outlets.timezone } })
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(inArray(screens.id, screenIds))
      .orderBy(asc(outlets.name), asc(screens.screenCode)),
  ]);
  const adIds = [...new Set(items.flatMap((item) => item.adIds))];
  const creatives =
    adIds.length === 0
      ? []
      : await db
          .select({
            id: ads.id,
            title: ads.title,
            type: ads.type,
            media_url: ads.mediaUrl,
            duration_seconds: ads.durationSeconds,
          })
          .from(ads)
          .where(inArray(ads.id, adIds));
  const creativeOf = new Map(creatives.map((creative) => [creative.id, creative]));
  const delivered = await deliveredOf(db, caller, items, screensOf);
  for (const [key, counted] of delivered) plays.get(key)!.delivered_plays = counted;

  const views = new Map<string, ScreenCampaign>();
  for (const { campaign, advertiser } of shown) {
    const mine = items.filter((item) => item.campaignId === campaign.id);
    if (mine.length === 0) continue;
    const totals = noPlays();
    const outletsReached = new Map<string, ScreenCampaign['outlets'][number]>();
    const lineItemViews = mine.map((item) => {
      const itemTotals = noPlays();
      const reached: ScreenCampaignScreen[] = [];
      for (const { screen, outlet } of screenRows) {
        const counted = plays.get(pairKey(item.id, screen.id));
        if (!counted) continue;
        addPlays(itemTotals, counted);
        outletsReached.set(outlet.id, outlet);
        reached.push({
          screen_id: screen.id,
          screen_code: screen.screenCode,
          name: screen.name,
          outlet_id: outlet.id,
          ...counted,
        });
      }
      addPlays(totals, itemTotals);
      const { days_of_week, start_time, end_time } = item.targeting.schedule;
      return {
        id: item.id,
        name: item.name,
        starts_on: item.startsOn,
        ends_on: item.endsOn,
        dayparts: { days_of_week, start_time, end_time },
        spot_seconds: item.spotSeconds,
        creatives: item.adIds.flatMap((adId) => creativeOf.get(adId) ?? []),
        screens: reached,
        ...itemTotals,
      };
    });
    views.set(campaign.id, {
      id: campaign.id,
      name: campaign.name,
      status: campaign.status as ScreenCampaignStatus,
      advertiser: { name: advertiser },
      starts_on: mine.map((item) => item.startsOn).reduce((a, b) => (a < b ? a : b)),
      ends_on: mine.map((item) => item.endsOn).reduce((a, b) => (a > b ? a : b)),
      outlets: [...outletsReached.values()],
      line_items: lineItemViews,
      totals,
    });
  }
  return views;
}
