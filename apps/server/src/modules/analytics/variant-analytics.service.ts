import { compareVariants, MIN_PLAYS_FOR_SIGNIFICANCE } from '@adloop/contract/ab-test';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { DEFAULT_TIME_ZONE } from '@adloop/contract/time-zones';
import type { VariantAd, VariantAnalytics, VariantAnalyticsQuery } from '@adloop/contract/variants';
import { and, asc, count, eq, gte, lt, lte, sql, sum } from 'drizzle-orm';
import { ads, adVariants, linkScans, outlets, playRollupsVariantDaily, screens } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { reachesAll, scopedByCompany } from '../../lib/scope.ts';

/**
 * An ad's A/B test over a date range (decision 034): plays per variant from the daily variant
 * rollup (each play on its outlet's date), scans from the tracked links on the same calendar, and
 * each variant's scan rate against the
 * control's with a two-proportion z-test. An advertiser's tool: company roles see their own
 * company's ads, outlet roles none.
 */
function assertAdvertiserView(caller: Caller): void {
  const companyRole = (COMPANY_ROLES as readonly string[]).includes(caller.role);
  if (!reachesAll(caller) && !companyRole) throw forbidden("A/B test results are the advertiser's");
}

/** The ads with variants the caller may compare, by title. */
export async function listVariantAds(ctx: ServiceContext): Promise<VariantAd[]> {
  const { db, caller } = ctx;
  assertAdvertiserView(caller);
  return db
    .select({ id: ads.id, title: ads.title, variants: count() })
    .from(ads)
    .innerJoin(adVariants, eq(adVariants.adId, ads.id))
    .where(scopedByCompany(caller, ads.companyId))
    .groupBy(ads.id, ads.title)
    .orderBy(asc(ads.title), asc(ads.id));
}

export async function variantAnalytics(ctx: ServiceContext, query: VariantAnalyticsQuery): Promise<VariantAnalytics> {
  const { db, caller } = ctx;
  assertAdvertiserView(caller);
  const [ad] = await db
    .select({ id: ads.id, title: ads.title, companyId: ads.companyId })
    .from(ads)
    .where(and(eq(ads.id, query.ad_id), scopedByCompany(caller, ads.companyId)));
  if (!ad) throw notFound('Ad');

  const [variants, plays, scans] = await Promise.all([
    db.select().from(adVariants).where(eq(adVariants.adId, ad.id)),
    db
      .select({
        variantId: playRollupsVariantDaily.variantId,
        plays: sum(playRollupsVariantDaily.plays).mapWith(Number),
      })
      .from(playRollupsVariantDaily)
      .where(
        and(
          eq(playRollupsVariantDaily.adId, ad.id),
          gte(playRollupsVariantDaily.playDate, query.from),
          lte(playRollupsVariantDaily.playDate, query.to),
        ),
      )
      .groupBy(playRollupsVariantDaily.variantId),
    // A scan counts on the calendar its plays count on (decision 092): the local date of the outlet
    // whose screen's code was scanned; a scan that names no screen, on the network's default zone.
    db
      .select({ variantId: linkScans.variantId, scans: count() })
      .from(linkScans)
      .leftJoin(screens, eq(screens.id, linkScans.screenId))
      .leftJoin(outlets, eq(outlets.id, screens.outletId))
      .where(
        and(
          eq(linkScans.adId, ad.id),
          // A day either side of the period holds its scans in every zone, and lets the index narrow it.
          gte(linkScans.scannedAt, sql`${query.from}::date - 1`),
          lt(linkScans.scannedAt, sql`${query.to}::date + 2`),
          sql`(${linkScans.scannedAt} at time zone coalesce(${outlets.timezone}, ${DEFAULT_TIME_ZONE}))::date
            between ${query.from}::date and ${query.to}::date`,
        ),
      )
      .groupBy(linkScans.variantId),
  ]);
  const playsOf = new Map(plays.map((row) => [row.variantId, row.plays]));
  const scansOf = new Map(scans.map((row) => [row.variantId, row.scans]));
  const rows = compareVariants(
    variants.map((variant) => ({
      id: variant.id,
      label: variant.label,
      weight: variant.weight,
      has_link: variant.linkUrl !== null,
      plays: playsOf.get(variant.id) ?? 0,
      scans: scansOf.get(variant.id) ?? 0,
    })),
  );
  return {
    ad: { id: ad.id, title: ad.title },
    from: query.from,
    to: query.to,
    min_plays: MIN_PLAYS_FOR_SIGNIFICANCE,
    variants: rows,
  };
}
