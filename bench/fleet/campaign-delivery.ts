// How the fleet's campaigns ended (issue 20's acceptance): each line item's delivery as the API
// reports it after the drain, checked against the stored plays and the plans handed out once the
// server has stopped, and the verdict.
import type { CampaignDelivery, LineItemDelivery } from '@adloop/contract/campaign-delivery';
import { DELIVERY_OVERSHOOT } from '@adloop/contract/campaign-delivery';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { BookedLineItem } from './campaigns.ts';
import type { FleetDatabase } from './database.ts';
import type { HttpClient } from './http.ts';
import type { RouteReport } from './metrics.ts';
import { ADMIN } from './seed.ts';

/** Refusals that are a line item's limits at work (its plan, its goal or budget), not a fault. */
const LIMIT_REASONS = ['beyond the plan of line item', 'has delivered its goal', 'has spent its budget'];

/** GET /api/campaigns/:id/delivery of every booked campaign, as the global admin; undefined where it failed. */
export async function readDelivery(http: HttpClient, booked: readonly BookedLineItem[]) {
  const delivery = new Map<string, { status: string; item: LineItemDelivery } | { error: string }>();
  if (booked.length === 0) return delivery;
  const login = await http.request({
    route: 'POST /api/auth/login',
    method: 'POST',
    path: '/api/auth/login',
    body: ADMIN,
    staff: true,
  });
  const token =
    login.ok && login.status === 200 ? (JSON.parse(login.body) as { data: { token: string } }).data.token : undefined;
  for (const line of booked) {
    const reply = await http.request({
      route: 'GET /api/campaigns/:id/delivery',
      method: 'GET',
      path: `/api/campaigns/${line.campaignId}/delivery`,
      token,
      staff: true,
    });
    if (!reply.ok || reply.status !== 200) {
      delivery.set(line.lineItemId, { error: reply.ok ? `${reply.status} ${reply.body.slice(0, 200)}` : reply.error });
      continue;
    }
    const { data } = JSON.parse(reply.body) as { data: CampaignDelivery };
    const item = data.line_items.find((entry) => entry.line_item_id === line.lineItemId);
    delivery.set(line.lineItemId, item ? { status: data.status, item } : { error: 'line item missing' });
  }
  return delivery;
}

interface StoredHour {
  line_item_id: string;
  local_date: string;
  plays: number;
  spend: number;
  max_plays: number | null;
  recorded: number | null;
}

/** Per line item, from the database once the server has stopped: stored plays by screen-hour against its plans. */
export async function storedDelivery(database: FleetDatabase) {
  const handle = await openDatabase(
    database.target.kind === 'postgres'
      ? { kind: 'postgres', url: database.target.url, poolSize: 1 }
      : { kind: 'pglite', dataDir: database.target.dataDir },
  );
  try {
    const rows = <T>(query: ReturnType<typeof sql>) =>
      handle.db.execute(query).then((result) => (result as unknown as { rows: T[] }).rows);
    const hours = await rows<StoredHour>(sql`
      with stored as (
        select li.id as line_item_id, pl.screen_id, pl.play_date as local_date,
          extract(hour from pl.play_time)::int as hour, sum(pl.play_count)::int as plays, sum(pl.price_minor)::int as spend
        from line_items li
        join playback_logs pl on pl.ad_id = any(li.ad_ids) and pl.play_date between li.starts_on and li.ends_on
        group by 1, 2, 3, 4)
      select s.line_item_id::text, s.local_date::text, s.plays, s.spend, p.max_plays, d.plays as recorded
      from stored s
      left join line_item_plans p on p.line_item_id = s.line_item_id and p.screen_id = s.screen_id
        and p.local_date = s.local_date and p.hour = s.hour
      left join line_item_delivery_hours d on d.line_item_id = s.line_item_id and d.screen_id = s.screen_id
        and d.local_date = s.local_date and d.hour = s.hour`);
    const plans = await rows<{ line_item_id: string; handed: number; screens: number }>(sql`
      select line_item_id::text, sum(max_plays)::int as handed, count(distinct screen_id)::int as screens
      from line_item_plans group by 1`);
    const byItem = new Map<
      string,
      {
        plays: number;
        spend: number;
        screenHours: number;
        maxInAScreenHour: number;
        overPlan: number;
        unrecorded: number;
        byDate: Record<string, number>;
      }
    >();
    for (const hour of hours) {
      const item = byItem.get(hour.line_item_id) ?? {
        plays: 0,
        spend: 0,
        screenHours: 0,
        maxInAScreenHour: 0,
        overPlan: 0,
        unrecorded: 0,
        byDate: {},
      };
      item.plays += hour.plays;
      item.spend += hour.spend;
      item.screenHours += 1;
      item.maxInAScreenHour = Math.max(item.maxInAScreenHour, hour.plays);
      if (hour.plays > (hour.max_plays ?? 0)) item.overPlan += 1;
      if (hour.recorded !== hour.plays) item.unrecorded += 1;
      item.byDate[hour.local_date] = (item.byDate[hour.local_date] ?? 0) + hour.plays;
      byItem.set(hour.line_item_id, item);
    }
    return { byItem, plans: new Map(plans.map((plan) => [plan.line_item_id, plan])) };
  } finally {
    await handle.close();
  }
}

const ratio = (value: number, of: number) => Math.round((value / of) * 1000) / 1000;

/**
 * Each line item's figures and the verdict: it fails when a line item ends past goal + 5 % (by the
 * API or by its stored plays), a screen-hour holds more than its plan or its cap, the server's
 * delivery table disagrees with the stored plays, a campaign play was refused for anything but a
 * line item's own limits, or plays acknowledged and stored differ. A day past its daily cap is a
 * finding, not a failure: the cap the acceptance holds is goal + 5 %, and the re-plan lets a day's
 * plans pass its cap within it (README "Fleet").
 */
export function campaignReport(
  booked: readonly BookedLineItem[],
  delivery: Awaited<ReturnType<typeof readDelivery>>,
  stored: Awaited<ReturnType<typeof storedDelivery>> | undefined,
  refusedByReason: ReadonlyMap<string, number>,
  refusals: readonly { playedAt: string; localTime: string; reason: string }[],
  campaignPlaysMade: number,
  exactlyOnce: boolean,
) {
  const failures: string[] = [];
  const findings: string[] = [];
  const lineItems = booked.map((line) => {
    const answer = delivery.get(line.lineItemId);
    const api = answer && 'item' in answer ? answer.item : undefined;
    const own = stored?.byItem.get(line.lineItemId);
    const plan = stored?.plans.get(line.lineItemId);
    const storedQuantity = own ? (line.goalKind === 'BUDGET' ? own.spend : own.plays) : 0;
    const delivered = api?.delivered_quantity ?? storedQuantity;
    const cap = Math.floor(line.goal * (1 + DELIVERY_OVERSHOOT));
    const row = {
      lineItem: line.name,
      campaignStatus:
        answer && 'status' in answer
          ? answer.status
          : `delivery unread: ${answer && 'error' in answer ? answer.error : 'no answer'}`,
      pacing: line.pacing,
      flight: line.flight,
      daypart: line.daypart ? `${line.daypart.start_time}–${line.daypart.end_time}` : null,
      guaranteed: line.guaranteed,
      screensTargeted: line.screens,
      goalKind: line.goalKind,
      goal: line.goal,
      delivered,
      deliveredOverGoal: ratio(delivered, line.goal),
      reachedGoal: delivered >= line.goal,
      sizedToReachGoal: line.sizedToReachGoal,
      elapsedShare: api?.elapsed_share ?? null,
      progress: api?.progress ?? null,
      withinGoalPlus5Pct: delivered <= cap && storedQuantity <= cap,
      storedPlays: own?.plays ?? 0,
      storedSpendMinor: own?.spend ?? 0,
      playsHandedInPlans: plan?.handed ?? 0,
      screensWithPlans: plan?.screens ?? 0,
      bookedPlays: api?.booked_plays ?? null,
      plannedAheadPlays: api?.planned_ahead_plays ?? null,
      forecast: api?.forecast_quantity ?? null,
      maxPlaysInAScreenHour: own?.maxInAScreenHour ?? 0,
      maxPlaysPerScreenHour: line.maxPerScreenHour,
      dailyCap: line.dailyCap,
      storedByDate: own?.byDate ?? {},
      screenHoursOverPlan: own?.overPlan ?? 0,
      screenHoursUnrecorded: own?.unrecorded ?? 0,
      bookMs: line.bookMs,
    };
    if (!row.withinGoalPlus5Pct)
      failures.push(`${line.name}: ${delivered} (stored ${storedQuantity}) of ${line.goal}, past goal + 5 %`);
    if (row.screenHoursOverPlan > 0)
      failures.push(`${line.name}: ${row.screenHoursOverPlan} screen-hours over their plan`);
    if (line.maxPerScreenHour !== null && row.maxPlaysInAScreenHour > line.maxPerScreenHour) {
      failures.push(`${line.name}: ${row.maxPlaysInAScreenHour} plays in a screen-hour, cap ${line.maxPerScreenHour}`);
    }
    const overDay = Object.entries(row.storedByDate).find(
      ([, plays]) => line.dailyCap !== null && plays > line.dailyCap,
    );
    if (overDay) findings.push(`${line.name}: ${overDay[1]} plays on ${overDay[0]}, daily cap ${line.dailyCap}`);
    if (row.screenHoursUnrecorded > 0) {
      failures.push(
        `${line.name}: line_item_delivery_hours differs from the stored plays in ${row.screenHoursUnrecorded} screen-hours`,
      );
    }
    return row;
  });
  const refused = Object.fromEntries(refusedByReason);
  const otherRefusals = Object.entries(refused).filter(
    ([reason]) => !LIMIT_REASONS.some((limit) => reason.includes(limit)),
  );
  for (const [reason, count] of otherRefusals) failures.push(`${count} campaign plays refused: ${reason}`);
  if (!exactlyOnce) failures.push('plays acknowledged and plays stored differ (see exactly once)');
  return {
    lineItems,
    reachedGoal: lineItems.filter((row) => row.reachedGoal).length,
    sizedToReachGoal: lineItems.filter((row) => row.sizedToReachGoal).length,
    sizedAndReached: lineItems.filter((row) => row.sizedToReachGoal && row.reachedGoal).length,
    withinGoalPlus5Pct: lineItems.filter((row) => row.withinGoalPlus5Pct).length,
    campaignPlaysMade,
    campaignPlaysRefusedByReason: refused,
    campaignRefusalsFirst20: refusals,
    failures,
    findings,
    pass: failures.length === 0,
  };
}

/** Issue 20: with campaigns live, the ad list's and ingestion's p99 under 100 ms, every line item within goal + 5 %. */
export function acceptanceOf(
  routes: Record<string, RouteReport>,
  campaignsLive: number,
  campaigns: ReturnType<typeof campaignReport> | null,
) {
  const p99Of = (route: string) => ({
    all: routes[route]?.latency.p99Ms ?? null,
    steady: routes[route]?.latencySteady.p99Ms ?? null,
  });
  const list = p99Of('GET /api/screen-auth/ads');
  const playback = p99Of('POST /api/playback-logs/log');
  return {
    campaignsLive,
    adListP99Ms: list,
    playbackP99Ms: playback,
    p99Under100Ms: {
      all: (list.all ?? 0) < 100 && (playback.all ?? 0) < 100,
      steady: (list.steady ?? 0) < 100 && (playback.steady ?? 0) < 100,
    },
    lineItemsWithinGoalPlus5Pct: campaigns ? `${campaigns.withinGoalPlus5Pct} of ${campaignsLive}` : null,
    lineItemsAtGoal: campaigns ? `${campaigns.reachedGoal} of ${campaignsLive}` : null,
    lineItemsSizedToReachGoalAtGoal: campaigns ? `${campaigns.sizedAndReached} of ${campaigns.sizedToReachGoal}` : null,
    campaignsPass: campaigns?.pass ?? null,
  };
}
