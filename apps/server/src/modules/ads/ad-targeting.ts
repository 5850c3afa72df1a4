import type { AdReach, AdScheduleInput, AdTargetingInput } from '@adloop/contract/ads';
import { type AdSchedule, type AdTargeting, ALWAYS } from '@adloop/contract/targeting';
import { count, countDistinct, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, outlets, pincodes, screens } from '../../db/schema.ts';
import { badRequest, type ErrorDetail } from '../../lib/http-error.ts';
import { AD_ROW_TARGETING, JOINED_SCREEN, type ScreenSql, targetingParams, targetsScreen } from './targeting-sql.ts';

type AdRow = typeof ads.$inferSelect;

export function targetingOf(ad: AdRow): AdTargeting {
  return {
    tags: ad.targetTags,
    outlet_ids: ad.targetOutletIds,
    pincodes: ad.targetPincodes,
    cities: ad.targetCities,
  };
}

export function scheduleOf(ad: AdRow): AdSchedule {
  return {
    start_date: ad.startDate,
    end_date: ad.endDate,
    days_of_week: ad.daysOfWeek,
    // Postgres answers HH:MM:SS; the contract speaks HH:MM.
    start_time: ad.startTime?.slice(0, 5) ?? null,
    end_time: ad.endTime?.slice(0, 5) ?? null,
    priority: ad.priority,
    share_of_voice: ad.shareOfVoice,
  };
}

const unique = <T>(values: T[] | undefined): T[] => [...new Set(values ?? [])];

/** A targeting as sent replaces the stored one whole; kinds left out are empty. */
export function targetingColumns(targeting: AdTargetingInput | undefined) {
  if (!targeting) return {};
  return {
    targetTags: unique(targeting.tags),
    targetOutletIds: unique(targeting.outlet_ids),
    targetPincodes: unique(targeting.pincodes),
    targetCities: unique(targeting.cities),
  };
}

/** A schedule as sent replaces the stored one whole; fields left out take the "always" defaults. */
export function scheduleColumns(schedule: AdScheduleInput | undefined) {
  if (!schedule) return {};
  return {
    startDate: schedule.start_date ?? null,
    endDate: schedule.end_date ?? null,
    daysOfWeek: unique(schedule.days_of_week).sort(),
    startTime: schedule.start_time ?? null,
    endTime: schedule.end_time ?? null,
    priority: schedule.priority ?? ALWAYS.priority,
    shareOfVoice: schedule.share_of_voice ?? ALWAYS.share_of_voice,
  };
}

/** Unknown outlets or pincodes are a 400 naming the field, so a typo never silently targets nothing. */
export async function assertTargetsExist(db: Database, input: AdTargetingInput | undefined): Promise<void> {
  if (!input) return;
  const targeting = { outlet_ids: unique(input.outlet_ids), pincodes: unique(input.pincodes) };
  const details: ErrorDetail[] = [];
  if (targeting.outlet_ids.length > 0) {
    const found = await db.select({ id: outlets.id }).from(outlets).where(inArray(outlets.id, targeting.outlet_ids));
    const known = new Set(found.map((row) => row.id));
    const unknown = targeting.outlet_ids.filter((id) => !known.has(id));
    if (unknown.length > 0)
      details.push({ path: 'targeting.outlet_ids', message: `Unknown outlets: ${unknown.join(', ')}` });
  }
  if (targeting.pincodes.length > 0) {
    const found = await db
      .select({ code: pincodes.code })
      .from(pincodes)
      .where(inArray(pincodes.code, targeting.pincodes));
    const known = new Set(found.map((row) => row.code));
    const unknown = targeting.pincodes.filter((code) => !known.has(code));
    if (unknown.length > 0)
      details.push({ path: 'targeting.pincodes', message: `Unknown pincodes: ${unknown.join(', ')}` });
  }
  if (details.length > 0) throw badRequest(details.map((detail) => detail.message).join('; '), details);
}

/**
 * A screen's place as one derived row `place` (tags, outlet_id, pincode, city, timezone, on_air), to
 * join in the statement that lists its ads, so the list costs one round trip.
 */
export function placeOfScreenRow(screenId: string): SQL {
  return sql`(
    select ${JOINED_SCREEN.tags} as tags, ${JOINED_SCREEN.outletId} as outlet_id, ${JOINED_SCREEN.pincode} as pincode,
      ${JOINED_SCREEN.city} as city, ${outlets.timezone} as timezone, ${JOINED_SCREEN.onAir} as on_air
    from ${screens}
    inner join ${outlets} on ${outlets.id} = ${screens.outletId}
    left join ${pincodes} on ${pincodes.code} = ${outlets.pincode}
    where ${screens.id} = ${screenId}
  ) as place`;
}

export const PLACE_ROW: ScreenSql = {
  tags: sql`place.tags`,
  outletId: sql`place.outlet_id`,
  pincode: sql`place.pincode`,
  city: sql`place.city`,
  onAir: sql`place.on_air`,
};

/** The active ads that target a place (`targetsScreen`), with a clause for the planner before it. */
export function adTargetsPlace(place: ScreenSql): SQL {
  const noPincodes = sql`cardinality(${ads.targetPincodes}) = 0`;
  const noOutlets = sql`cardinality(${ads.targetOutletIds}) = 0`;
  const noCities = sql`cardinality(${ads.targetCities}) = 0`;
  const noTags = sql`cardinality(${ads.targetTags}) = 0`;
  return sql`${ads.status} = 'ACTIVE'
    and (
      ${ads.targetPincodes} @> array[${place.pincode}]::text[]
      or (${noPincodes} and ${ads.targetOutletIds} @> array[${place.outletId}]::uuid[])
      or (${noPincodes} and ${noOutlets} and adloop_norm_cities(${ads.targetCities}) @> array[${place.city}]::text[])
      or (${noPincodes} and ${noOutlets} and ${noCities} and ${ads.targetTags} && ${place.tags})
      or (${noPincodes} and ${noOutlets} and ${noCities} and ${noTags})
    )
    and ${targetsScreen(AD_ROW_TARGETING, place)}`;
}
// The clause before `targetsScreen` is implied by it and is there for the planner: a matching ad matches
// its most selective non-empty kind (pincodes, else outlets, else cities, else tags, else none),
// and each case is a partial index of migration 0010, so a BitmapOr of five index scans finds
// the candidates instead of every ad that shares one broad tag (decision 032, "Measured").

/**
 * The ads whose targeting reaches at least one screen on air of the given outlets: what outlet
 * staff see as "the ads that play here". `targetsScreen`, correlated from the ad's side.
 */
export function adTargetsAnyScreenOf(outletIds: string[]): SQL {
  if (outletIds.length === 0) return sql`false`;
  return sql`exists (
    select 1 from ${screens}
    inner join ${outlets} on ${outlets.id} = ${screens.outletId}
    left join ${pincodes} on ${pincodes.code} = ${outlets.pincode}
    where ${inArray(outlets.id, outletIds)} and ${targetsScreen(AD_ROW_TARGETING, JOINED_SCREEN)}
  )`;
}

/** How many screens on air a targeting reaches, and in how many outlets. */
export async function countReach(db: Database, targeting: AdTargeting): Promise<AdReach> {
  const [row] = await db
    .select({ screens: count(screens.id), outlets: countDistinct(outlets.id) })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .leftJoin(pincodes, eq(pincodes.code, outlets.pincode))
    .where(targetsScreen(targetingParams(targeting), JOINED_SCREEN));
  return { screens: row?.screens ?? 0, outlets: row?.outlets ?? 0 };
}
