import type { AdTargeting } from '@adloop/contract/targeting';
import { type SQL, sql } from 'drizzle-orm';
import { ads, outlets, pincodes, screens } from '../../db/schema.ts';

/**
 * The one SQL form of "this targeting reaches this screen" (decision 063): the contract's
 * `matchesTargeting` (AND across kinds, OR within one, an empty kind matches every screen; tags
 * are the screen's or its outlet's; cities compare trimmed and lower-cased) on a screen that is
 * on air, i.e. ACTIVE and of an active outlet. Every statement that asks which ads play where
 * (a screen's list, outlet staff's "ads that play here", the reach of a targeting) builds on it.
 */

/** A targeting as SQL arrays: an ad row's columns, or a targeting given as parameters. */
export interface TargetingSql {
  tags: SQL;
  outletIds: SQL;
  pincodes: SQL;
  cities: SQL;
}

/** A screen as targeting sees it, as SQL expressions (columns of joined rows or of a derived row). */
export interface ScreenSql {
  /** The screen's and its outlet's tags. */
  tags: SQL;
  outletId: SQL;
  pincode: SQL;
  /** Lower-cased and trimmed: the outlet's city, else its pincode's. */
  city: SQL;
  /** The screen is ACTIVE and its outlet active: a screen off air plays nothing. */
  onAir: SQL;
}

/** The targeting of the `ads` row in the statement. */
export const AD_ROW_TARGETING: TargetingSql = {
  tags: sql`${ads.targetTags}`,
  outletIds: sql`${ads.targetOutletIds}`,
  pincodes: sql`${ads.targetPincodes}`,
  cities: sql`${ads.targetCities}`,
};

/** A targeting not stored yet (what an ad would reach), as typed array parameters. */
export function targetingParams(targeting: AdTargeting): TargetingSql {
  return {
    tags: sql`${sql.param(targeting.tags)}::text[]`,
    outletIds: sql`${sql.param(targeting.outlet_ids)}::uuid[]`,
    pincodes: sql`${sql.param(targeting.pincodes)}::text[]`,
    cities: sql`${sql.param(targeting.cities)}::text[]`,
  };
}

/** A screen's city: its outlet's, else its pincode's. */
const SCREEN_CITY = sql`lower(trim(coalesce(${outlets.city}, ${pincodes.city})))`;

/** The screen of `screens join outlets left join pincodes` in the statement. */
export const JOINED_SCREEN: ScreenSql = {
  tags: sql`(${screens.tags} || ${outlets.tags})`,
  outletId: sql`${outlets.id}`,
  pincode: sql`${outlets.pincode}`,
  city: SCREEN_CITY,
  onAir: sql`(${screens.status} = 'ACTIVE' and ${outlets.isActive})`,
};

/**
 * Whether the targeting reaches the screen. Null-safe: a screen without a pincode or city is
 * reached only by targetings that leave that kind empty, and the answer is never SQL null.
 */
export function targetsScreen(targeting: TargetingSql, screen: ScreenSql): SQL {
  return sql`(${screen.onAir}
    and (cardinality(${targeting.tags}) = 0 or ${targeting.tags} && ${screen.tags})
    and (cardinality(${targeting.outletIds}) = 0 or ${screen.outletId} = any(${targeting.outletIds}))
    and (cardinality(${targeting.pincodes}) = 0 or coalesce(${screen.pincode} = any(${targeting.pincodes}), false))
    and (cardinality(${targeting.cities}) = 0
      or coalesce(${screen.city} = any(adloop_norm_cities(${targeting.cities})), false)))`;
}
