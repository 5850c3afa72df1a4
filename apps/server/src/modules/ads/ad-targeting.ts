import type { AdReach, AdScheduleInput, AdTargetingInput } from '@adloop/contract/ads';
import { type AdSchedule, type AdTargeting, ALWAYS } from '@adloop/contract/targeting';
import { and, arrayOverlaps, count, countDistinct, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, outlets, pincodes, screens } from '../../db/schema.ts';
import { badRequest, type ErrorDetail } from '../../lib/http-error.ts';

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

/** Where a screen is, as SQL expressions (constants, or columns of a joined row). */
export interface PlaceSql {
  /** The screen's and its outlet's tags. */
  tags: SQL;
  outletId: SQL;
  pincode: SQL;
  /** Lower-cased and trimmed: the outlet's city, else its pincode's. */
  city: SQL;
}

/**
 * A screen's place as one derived row `place` (tags, outlet_id, pincode, city, timezone), to
 * join in the statement that lists its ads, so the list costs one round trip.
 */
export function placeOfScreenRow(screenId: string): SQL {
  return sql`(
    select ${screens.tags} || ${outlets.tags} as tags, ${outlets.id} as outlet_id, ${outlets.pincode} as pincode,
      lower(trim(coalesce(${outlets.city}, ${pincodes.city}))) as city, ${outlets.timezone} as timezone
    from ${screens}
    inner join ${outlets} on ${outlets.id} = ${screens.outletId}
    left join ${pincodes} on ${pincodes.code} = ${outlets.pincode}
    where ${screens.id} = ${screenId}
  ) as place`;
}

export const PLACE_ROW: PlaceSql = {
  tags: sql`place.tags`,
  outletId: sql`place.outlet_id`,
  pincode: sql`place.pincode`,
  city: sql`place.city`,
};

/**
 * The active ads whose targeting matches a place, in SQL: the same rule as `matchesTargeting`
 * in the contract (AND across kinds, OR within one; an empty kind matches everything).
 */
export function adTargetsPlace(place: PlaceSql): SQL {
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
    and (${noTags} or ${ads.targetTags} && ${place.tags})
    and (${noOutlets} or ${place.outletId} = any(${ads.targetOutletIds}))
    and (${noPincodes} or ${place.pincode} = any(${ads.targetPincodes}))
    and (${noCities} or exists (select 1 from unnest(${ads.targetCities}) as target_city where lower(trim(target_city)) = ${place.city}))`;
}
// The second clause is implied by the rest and is there for the planner: a matching ad matches
// its most selective non-empty kind (pincodes, else outlets, else cities, else tags, else none),
// and each case is a partial index of migration 0010, so a BitmapOr of five index scans finds
// the candidates instead of every ad that shares one broad tag (decision 032, "Measured").

/**
 * The ads whose targeting matches at least one active screen of the given outlets: what outlet
 * staff see as "the ads that play here". The same rule as `adTargetsPlace`, correlated from
 * the ad's side over the outlets' screens.
 */
export function adTargetsAnyScreenOf(outletIds: string[]): SQL {
  if (outletIds.length === 0) return sql`false`;
  const city = sql`lower(trim(coalesce(${outlets.city}, ${pincodes.city})))`;
  return sql`exists (
    select 1 from ${screens}
    inner join ${outlets} on ${outlets.id} = ${screens.outletId}
    left join ${pincodes} on ${pincodes.code} = ${outlets.pincode}
    where ${inArray(outlets.id, outletIds)} and ${screens.status} = 'ACTIVE'
      and (cardinality(${ads.targetTags}) = 0 or ${ads.targetTags} && (${screens.tags} || ${outlets.tags}))
      and (cardinality(${ads.targetOutletIds}) = 0 or ${outlets.id} = any(${ads.targetOutletIds}))
      and (cardinality(${ads.targetPincodes}) = 0 or ${outlets.pincode} = any(${ads.targetPincodes}))
      and (cardinality(${ads.targetCities}) = 0
        or exists (select 1 from unnest(${ads.targetCities}) as target_city where lower(trim(target_city)) = ${city}))
  )`;
}

/** How many active screens of active outlets a targeting reaches, and in how many outlets. */
export async function countReach(db: Database, targeting: AdTargeting): Promise<AdReach> {
  const city = sql`lower(trim(coalesce(${outlets.city}, ${pincodes.city})))`;
  const [row] = await db
    .select({ screens: count(screens.id), outlets: countDistinct(outlets.id) })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .leftJoin(pincodes, eq(pincodes.code, outlets.pincode))
    .where(
      and(
        eq(screens.status, 'ACTIVE'),
        eq(outlets.isActive, true),
        targeting.tags.length > 0
          ? or(arrayOverlaps(screens.tags, targeting.tags), arrayOverlaps(outlets.tags, targeting.tags))
          : undefined,
        targeting.outlet_ids.length > 0 ? inArray(outlets.id, targeting.outlet_ids) : undefined,
        targeting.pincodes.length > 0 ? inArray(outlets.pincode, targeting.pincodes) : undefined,
        targeting.cities.length > 0
          ? inArray(
              city,
              targeting.cities.map((value) => value.trim().toLowerCase()),
            )
          : undefined,
      ),
    );
  return { screens: row?.screens ?? 0, outlets: row?.outlets ?? 0 };
}
