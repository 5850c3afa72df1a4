import { PLAN_HORIZON_HOURS } from '@adloop/contract/campaign-delivery';
import type { ScreenAd, ScreenAdPlan } from '@adloop/contract/screen';
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, campaigns, companies, lineItemPlans, lineItems } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import { adTargetsPlace, PLACE_ROW, placeOfScreenRow } from './ad-targeting.ts';
import { screenVariantsOf } from './ad-variants.service.ts';

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
  const plans = await campaignPlansOf(db, screen.screenId, now);
  const planned = [...plans.planOfAd.keys()];
  const result = await db.execute<ScreenAdRow>(sql`
    select ${ads.id} as id, ${ads.companyId} as company_id, ${ads.title} as title, ${ads.type} as type,
      ${ads.mediaUrl} as media_url, ${ads.durationSeconds} as duration_seconds, ${ads.version} as version,
      ${companies.name} as company_name, place.timezone as timezone,
      ${ads.startDate}::text as start_date, ${ads.endDate}::text as end_date, ${ads.daysOfWeek} as days_of_week,
      to_char(${ads.startTime}, 'HH24:MI') as start_time, to_char(${ads.endTime}, 'HH24:MI') as end_time,
      ${ads.priority} as priority, ${ads.shareOfVoice} as share_of_voice,
      ${companies.houseOutletId} is not null as house_content
    from ${placeOfScreenRow(screen.screenId)}
    inner join ${ads} on (${adTargetsPlace(PLACE_ROW)})
      or (${ads.status} = 'ACTIVE' and ${ads.id} = any(${sql.param(planned)}::uuid[]))
    inner join ${companies} on ${companies.id} = ${ads.companyId} and ${companies.isActive}
      and (${companies.houseOutletId} is null or ${companies.houseOutletId} = place.outlet_id)
    order by ${companies.houseOutletId} is not null, ${ads.priority} desc, ${ads.createdAt} asc, ${ads.id} asc`);
  // A live campaign's creative plays where its line item planned it, and nowhere else meanwhile.
  const rows = (result as unknown as { rows: ScreenAdRow[] }).rows.filter(
    (row) => plans.planOfAd.has(row.id) || !plans.liveCreatives.has(row.id),
  );
  const variants = await screenVariantsOf(
    db,
    rows.map((row) => row.id),
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
    ...(variants.has(row.id) ? { variants: variants.get(row.id) } : {}),
    ...(plans.planOfAd.has(row.id) ? { plan: plans.planOfAd.get(row.id) } : {}),
    ...(row.house_content ? { house_content: true as const } : {}),
  }));
}

/**
 * The plans handed to a screen (decision 084) for hours not yet over and starting within the
 * horizon, per creative, and every creative of a line item live now: a creative without a plan
 * here stays off this screen's list for its flight.
 */
async function campaignPlansOf(
  db: Database,
  screenId: string,
  now: number,
): Promise<{ planOfAd: Map<string, ScreenAdPlan>; liveCreatives: Set<string> }> {
  const today = new Date(now).toISOString().slice(0, 10);
  const live = await db
    .select({ id: lineItems.id, adIds: lineItems.adIds, spotSeconds: lineItems.spotSeconds })
    .from(lineItems)
    .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
    .where(
      and(
        inArray(campaigns.status, ['BOOKED', 'ACTIVE']),
        lte(lineItems.startsOn, sql`${today}::date + 1`),
        gte(lineItems.endsOn, sql`${today}::date - 1`),
      ),
    );
  const planOfAd = new Map<string, ScreenAdPlan>();
  const liveCreatives = new Set(live.flatMap((item) => item.adIds));
  if (live.length === 0) return { planOfAd, liveCreatives };
  const rows = await db
    .select({
      lineItemId: lineItemPlans.lineItemId,
      startsAt: lineItemPlans.startsAt,
      maxPlays: lineItemPlans.maxPlays,
    })
    .from(lineItemPlans)
    .where(
      and(
        eq(lineItemPlans.screenId, screenId),
        inArray(
          lineItemPlans.lineItemId,
          live.map((item) => item.id),
        ),
        gt(lineItemPlans.startsAt, new Date(now - HOUR_MS)),
        lt(lineItemPlans.startsAt, new Date(now + (PLAN_HORIZON_HOURS + 1) * HOUR_MS)),
      ),
    )
    .orderBy(asc(lineItemPlans.startsAt));
  for (const item of live) {
    const hours = rows
      .filter((row) => row.lineItemId === item.id && row.maxPlays > 0)
      .map((row) => ({ starts_at: row.startsAt.toISOString(), max_plays: row.maxPlays }));
    if (hours.length === 0) continue;
    for (const adId of item.adIds) {
      planOfAd.set(adId, { line_item_id: item.id, spot_seconds: item.spotSeconds, hours });
    }
  }
  return { planOfAd, liveCreatives };
}
