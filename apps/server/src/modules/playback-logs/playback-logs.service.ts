import { cardInForce, priceOfPlay } from '@adloop/contract/pricing';
import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ads,
  adVariants,
  playbackLogs,
  playRollupsAdDaily,
  playRollupsDaily,
  playRollupsScreenDaily,
  playRollupsVariantDaily,
} from '../../db/schema.ts';
import { type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { PlayPricing } from '../pricing/play-pricing.ts';
import type { ScreenPrincipal } from '../screens/screen-auth.service.ts';

/** A play may be reported late (a screen offline for days); one stamped later than this is clamped. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface IngestResult {
  stored: string[];
  duplicates: string[];
}

/**
 * Stores a batch of plays from one screen, all or nothing. Ids come from the player, so a
 * batch sent twice stores once: duplicates are ignored and reported.
 */
/** The company of each ad of a batch, from the cache where it can (an ad never changes company). */
async function companiesOfAds(
  db: Database,
  cache: TtlCache<string, string>,
  logs: PlaybackLogEntry[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const missing: string[] = [];
  for (const adId of new Set(logs.map((log) => log.ad_id))) {
    const companyId = cache.get(adId);
    if (companyId) result.set(adId, companyId);
    else missing.push(adId);
  }
  if (missing.length > 0) {
    const known = await db.select({ id: ads.id, companyId: ads.companyId }).from(ads).where(inArray(ads.id, missing));
    for (const ad of known) {
      result.set(ad.id, ad.companyId);
      cache.set(ad.id, ad.companyId);
    }
  }
  return result;
}

/** The ad of each A/B variant a batch names (decision 034); most batches name none. */
async function adsOfVariants(db: Database, logs: PlaybackLogEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(logs.flatMap((log) => (log.variant_id ? [log.variant_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adVariants.id, adId: adVariants.adId })
    .from(adVariants)
    .where(inArray(adVariants.id, ids));
  return new Map(rows.map((row) => [row.id, row.adId]));
}

export async function ingestPlays(
  db: Database,
  adCompanies: TtlCache<string, string>,
  screen: ScreenPrincipal,
  logs: PlaybackLogEntry[],
  pricing: PlayPricing,
): Promise<IngestResult> {
  // A play cannot have happened after it arrived: a screen whose clock runs fast keeps its
  // plays (never lost), stamped with the arrival instant; its own date and time stay as reported.
  const latest = Date.now() + FUTURE_TOLERANCE_MS;
  const arrivedAt = new Date().toISOString();
  const playedAt = (log: PlaybackLogEntry) => (Date.parse(log.played_at) > latest ? arrivedAt : log.played_at);

  const [companyOfAd, adOfVariant, cards, tier] = await Promise.all([
    companiesOfAds(db, adCompanies, logs),
    adsOfVariants(db, logs),
    pricing.allCards(),
    pricing.tierOf(screen.outletId),
  ]);

  const refused: ErrorDetail[] = [];
  logs.forEach((log, index) => {
    if (log.screen_id !== screen.screenId) {
      refused.push({ path: `logs.${index}.screen_id`, message: 'is not the signed-in screen' });
    }
    if (log.outlet_id !== screen.outletId) {
      refused.push({ path: `logs.${index}.outlet_id`, message: "is not the screen's outlet" });
    }
    const companyId = companyOfAd.get(log.ad_id);
    if (!companyId) refused.push({ path: `logs.${index}.ad_id`, message: 'is not a known ad' });
    else if (companyId !== log.company_id) {
      refused.push({ path: `logs.${index}.company_id`, message: "is not the ad's company" });
    }
    // A variant deleted while the screen was offline is gone, but its plays are real plays of
    // the ad: they are kept without it (below). Another ad's variant is refused.
    const variantAd = log.variant_id ? adOfVariant.get(log.variant_id) : undefined;
    if (variantAd !== undefined && variantAd !== log.ad_id) {
      refused.push({ path: `logs.${index}.variant_id`, message: 'is not a variant of the ad' });
    }
  });
  if (refused.length > 0) {
    throw new HttpError(403, 'FORBIDDEN', `Play refused: ${refused[0]!.path} ${refused[0]!.message}`, refused);
  }

  // One array per column through unnest: the batch is 11 parameters, not 11 per play, which
  // PostgreSQL plans and binds far faster than a many-row VALUES list.
  const column = <T>(pick: (log: PlaybackLogEntry) => T) => sql.param(logs.map(pick));
  // Priced by the rate card in force at each play's instant (never later than its arrival, so a
  // fast clock cannot reach a card this process has not read yet), the outlet's tier now, and the
  // daypart of the screen's own date and time (decision 033). Cards and tier come from memory.
  const arrivedMs = Date.parse(arrivedAt);
  const priceOf = (log: PlaybackLogEntry) => {
    const card = cardInForce(cards, Math.min(Date.parse(playedAt(log)), arrivedMs));
    return card ? priceOfPlay(card, tier, log.play_date, log.play_time).price_minor * log.play_count : 0;
  };
  // The daily rollups grow in the same statement, by exactly the plays that were new, so it
  // can never disagree with the logs (a retried batch adds nothing to either).
  const result = await db.execute<{ id: string }>(sql`
    with inserted as (
    insert into ${playbackLogs} (id, ad_id, screen_id, company_id, outlet_id, ad_version, played_at, play_date, play_time, play_count, additional_info, variant_id, price_minor)
    select * from unnest(
      ${column((log) => log.id)}::uuid[], ${column((log) => log.ad_id)}::uuid[], ${column((log) => log.screen_id)}::uuid[],
      ${column((log) => log.company_id)}::uuid[], ${column((log) => log.outlet_id)}::uuid[],
      ${column((log) => log.additional_info.ad_version ?? null)}::int[], ${column(playedAt)}::timestamptz[],
      ${column((log) => log.play_date)}::date[], ${column((log) => log.play_time)}::time[],
      ${column((log) => log.play_count)}::int[], ${column((log) => JSON.stringify(log.additional_info))}::jsonb[],
      ${column((log) => (log.variant_id && adOfVariant.has(log.variant_id) ? log.variant_id : null))}::uuid[], ${column(priceOf)}::int[]
    )
    on conflict (id) do nothing
    returning id, ad_id, screen_id, company_id, outlet_id, play_date, play_count, variant_id, price_minor
    ), rolled as (
      insert into ${playRollupsDaily} (play_date, ad_id, screen_id, company_id, outlet_id, plays, amount_minor)
      select play_date, ad_id, screen_id, company_id, outlet_id, sum(play_count)::int, sum(price_minor) from inserted
      group by play_date, ad_id, screen_id, company_id, outlet_id
      on conflict (play_date, ad_id, screen_id) do update
        set plays = ${playRollupsDaily.plays} + excluded.plays, amount_minor = ${playRollupsDaily.amountMinor} + excluded.amount_minor
    ), by_ad as (
      insert into ${playRollupsAdDaily} (play_date, ad_id, company_id, plays, amount_minor)
      select play_date, ad_id, company_id, sum(play_count)::int, sum(price_minor) from inserted group by play_date, ad_id, company_id
      on conflict (play_date, ad_id) do update
        set plays = ${playRollupsAdDaily.plays} + excluded.plays, amount_minor = ${playRollupsAdDaily.amountMinor} + excluded.amount_minor
    ), by_screen as (
      insert into ${playRollupsScreenDaily} (play_date, screen_id, outlet_id, plays, amount_minor)
      select play_date, screen_id, outlet_id, sum(play_count)::int, sum(price_minor) from inserted group by play_date, screen_id, outlet_id
      on conflict (play_date, screen_id) do update
        set plays = ${playRollupsScreenDaily.plays} + excluded.plays, amount_minor = ${playRollupsScreenDaily.amountMinor} + excluded.amount_minor
    ), by_variant as (
      insert into ${playRollupsVariantDaily} (play_date, variant_id, ad_id, plays)
      select play_date, variant_id, ad_id, sum(play_count)::int from inserted where variant_id is not null
      group by play_date, variant_id, ad_id
      on conflict (play_date, variant_id) do update set plays = ${playRollupsVariantDaily.plays} + excluded.plays
    )
    select id from inserted`);
  const inserted = (result as { rows: { id: string }[] }).rows;
  const stored = new Set(inserted.map((row) => row.id));
  const ids = [...new Set(logs.map((log) => log.id))];
  return { stored: ids.filter((id) => stored.has(id)), duplicates: ids.filter((id) => !stored.has(id)) };
}
