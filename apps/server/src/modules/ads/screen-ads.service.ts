import { PLAN_HORIZON_HOURS } from '@adloop/contract/campaign-delivery';
import type { ScreenAd, ScreenAdPlan } from '@adloop/contract/screen';
import type { ScreenVariant } from '@adloop/contract/variants';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, campaigns, companies, lineItemPlans, lineItems } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import { adTargetsPlace, PLACE_ROW, placeOfScreenRow } from './ad-targeting.ts';
import { screenVariantsSql } from './ad-variants.service.ts';

const HOUR_MS = 3_600_000;

interface ScreenAdRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  title: string;
  type: ScreenAd['type'];
  media_url: string;
  duration_seconds: number | null;
  version: number;
  company_name: string;
  timezone: string;
  start_date: string | null;
  end_date: string | null;
  days_of_week: number[];
  start_time: string | null;
  end_time: string | null;
  priority: number;
  share_of_voice: number;
  house_content: boolean;
  variants: ScreenVariant[] | null;
}

/**
 * The ads a screen plays: every active ad of an active advertiser whose targeting matches the
 * screen, highest priority first, then oldest first, in one statement with the screen's place.
 * Each carries its schedule, which the player applies on its own clock, so a window opening or
 * closing needs no request (decision 032). The outlet's own content comes after the paid ads,
 * marked as such, and only on its outlet's screens whatever its targeting says (decision 090).
 */
export async function listAdsForScreen(
  db: Database,
  screen: ScreenPrincipal,
  now: number = Date.now(),
): Promise<ScreenAd[]> {
  // Two statements side by side on two connections: after an edit every screen asks at once, so
  // each round trip in turn here costs a thousand times over (decision 084).
  const [plans, result] = await Promise.all([
    campaignPlansOf(db, screen.screenId, now),
    db.execute<ScreenAdRow>(sql`
    select ${ads.id} as id, ${ads.companyId} as company_id, ${ads.title} as title, ${ads.type} as type,
      ${ads.mediaUrl} as media_url, ${ads.durationSeconds} as duration_seconds, ${ads.version} as version,
      ${companies.name} as company_name, place.timezone as timezone,
      ${ads.startDate}::text as start_date, ${ads.endDate}::text as end_date, ${ads.daysOfWeek} as days_of_week,
      to_char(${ads.startTime}, 'HH24:MI') as start_time, to_char(${ads.endTime}, 'HH24:MI') as end_time,
      ${ads.priority} as priority, ${ads.shareOfVoice} as share_of_voice,
      ${companies.houseOutletId} is not null as house_content, ${screenVariantsSql(ads.id)} as variants
    from ${placeOfScreenRow(screen.screenId)}
    inner join ${ads} on (${adTargetsPlace(PLACE_ROW)})
      or (${ads.status} = 'ACTIVE' and ${ads.id} in (
        select unnest(${lineItems.adIds}) from ${lineItems} inner join ${campaigns} on ${campaigns.id} = ${lineItems.campaignId}
        where ${liveLineItem(now)} and exists (
          select 1 from ${lineItemPlans} where ${lineItemPlans.lineItemId} = ${lineItems.id} and ${plannedHere(screen.screenId, now)})))
    inner join ${companies} on ${companies.id} = ${ads.companyId} and ${companies.isActive}
      and (${companies.houseOutletId} is null or ${companies.houseOutletId} = place.outlet_id)
    order by ${companies.houseOutletId} is not null, ${ads.priority} desc, ${ads.createdAt} asc, ${ads.id} asc`),
  ]);
  // A live campaign's creative plays where its line item planned it, and nowhere else meanwhile.
  const rows = (result as unknown as { rows: ScreenAdRow[] }).rows.filter(
    (row) => plans.planOfAd.has(row.id) || !plans.liveCreatives.has(row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    title: row.title,
    type: row.type,
    media_url: row.media_url,
    duration_seconds: row.duration_seconds,
    version: row.version,
    company: { name: row.company_name },
    schedule: {
      start_date: row.start_date,
      end_date: row.end_date,
      days_of_week: row.days_of_week,
      start_time: row.start_time,
      end_time: row.end_time,
      priority: row.priority,
      share_of_voice: row.share_of_voice,
      timezone: row.timezone,
    },
    ...(row.variants ? { variants: row.variants } : {}),
    ...(plans.planOfAd.has(row.id) ? { plan: plans.planOfAd.get(row.id) } : {}),
    ...(row.house_content ? { house_content: true as const } : {}),
  }));
}

/** A line item live now, give or take a day for the time zones: its campaign booked or active, today in its flight. */
function liveLineItem(now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  return sql`${campaigns.status} in ('BOOKED', 'ACTIVE')
    and ${lineItems.startsOn} <= ${today}::date + 1 and ${lineItems.endsOn} >= ${today}::date - 1`;
}

/** A plan row of this screen with plays, for an hour not yet over that starts within the horizon. */
const plannedHere = (screenId: string, now: number) => sql`${lineItemPlans.screenId} = ${screenId}
  and ${lineItemPlans.maxPlays} > 0
  and ${lineItemPlans.startsAt} > ${new Date(now - HOUR_MS).toISOString()}::timestamptz
  and ${lineItemPlans.startsAt} < ${new Date(now + (PLAN_HORIZON_HOURS + 1) * HOUR_MS).toISOString()}::timestamptz`;

interface LivePlanRow extends Record<string, unknown> {
  id: string;
  ad_ids: string[];
  spot_seconds: number;
  /** Each hour planned here: its start (ISO) and its plays at most, space-separated, in time order. */
  hours: string[] | null;
}

/**
 * The plans handed to a screen (decision 084) for hours not yet over and starting within the
 * horizon, per creative, and every creative of a line item live now: a creative without a plan
 * here stays off this screen's list for its flight. One statement: a screen's list is asked for
 * by every screen at once after an edit, so each round trip here counts a thousand times.
 */
async function campaignPlansOf(
  db: Database,
  screenId: string,
  now: number,
): Promise<{ planOfAd: Map<string, ScreenAdPlan>; liveCreatives: Set<string> }> {
  const result = await db.execute<LivePlanRow>(sql`
    select ${lineItems.id} as id, ${lineItems.adIds}::text[] as ad_ids, ${lineItems.spotSeconds} as spot_seconds,
      (select array_agg(to_char(${lineItemPlans.startsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ' ' || ${lineItemPlans.maxPlays}
          order by ${lineItemPlans.startsAt})
        from ${lineItemPlans}
        where ${lineItemPlans.lineItemId} = ${lineItems.id} and ${plannedHere(screenId, now)}
      ) as hours
    from ${lineItems} inner join ${campaigns} on ${campaigns.id} = ${lineItems.campaignId}
    where ${liveLineItem(now)}`);
  const live = (result as unknown as { rows: LivePlanRow[] }).rows;
  const planOfAd = new Map<string, ScreenAdPlan>();
  const liveCreatives = new Set(live.flatMap((item) => item.ad_ids));
  for (const item of live) {
    if (!item.hours?.length) continue;
    const hours = item.hours.map((hour) => {
      const [startsAt, maxPlays] = hour.split(' ');
      return { starts_at: startsAt!, max_plays: Number(maxPlays) };
    });
    for (const adId of item.ad_ids) {
      planOfAd.set(adId, { line_item_id: item.id, spot_seconds: item.spot_seconds, hours });
    }
  }
  return { planOfAd, liveCreatives };
}
