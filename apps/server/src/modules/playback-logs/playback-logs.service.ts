import { outletWallClock } from '@adloop/contract/clock';
import { cardInForce, priceOfPlay } from '@adloop/contract/pricing';
import type { PlaybackBatch, PlaybackLogEntry, RefusedPlay } from '@adloop/contract/screen';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ads,
  adVariants,
  playbackLogs,
  playRollupsAdDaily,
  playRollupsDaily,
  playRollupsScreenDaily,
  playRollupsVariantDaily,
  ROLLUP_COUNTER_SLOTS,
  screenAudiences,
} from '../../db/schema.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { recordLineItemDelivery } from '../campaigns/line-item-delivery.ts';
import { withinPlans } from '../campaigns/plan-check.ts';
import type { MediaDurations } from '../media/media-duration.ts';
import type { PlayPricing } from '../pricing/play-pricing.ts';
import {
  CLOCK_CORRECTION_MIN_MS,
  judgePlays,
  overlapWindow,
  storedAround,
  withoutOverlaps,
} from './play-acceptance.ts';
import { makePartitionsFor } from './play-partitions.ts';

export interface IngestResult {
  stored: string[];
  duplicates: string[];
  refused: RefusedPlay[];
}

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

/**
 * A screen's clock may be off: the batch says when the screen sent it, so each play is moved by
 * the difference to the server's clock (network time aside), and judged, priced and stored by
 * that instant (decision 036). Its billing date and daypart are that instant's wall clock in the
 * outlet's zone, never the screen's word (decision 072); the wall clock the screen reported is
 * kept beside it, in `additional_info`, for the playback log's "Screen clock".
 */
function onServerClock(
  logs: PlaybackLogEntry[],
  sentAt: string | undefined,
  arrivedMs: number,
  timezone: string,
): PlaybackLogEntry[] {
  const offsetMs = sentAt ? arrivedMs - Date.parse(sentAt) : 0;
  // A clock within minutes of the server's is read as is: its plays keep their own spacing across
  // batches (network delays would otherwise move each batch by a little).
  const shift = Number.isFinite(offsetMs) && Math.abs(offsetMs) > CLOCK_CORRECTION_MIN_MS ? offsetMs : 0;
  return logs.map((log) => {
    const playedAt = shift === 0 ? log.played_at : new Date(Date.parse(log.played_at) + shift).toISOString();
    const outletClock = outletWallClock(Date.parse(playedAt), timezone);
    return {
      ...log,
      // Ids as PostgreSQL writes them (lower case), so they compare with stored ones as strings.
      id: log.id.toLowerCase(),
      ad_id: log.ad_id.toLowerCase(),
      screen_id: log.screen_id.toLowerCase(),
      company_id: log.company_id.toLowerCase(),
      outlet_id: log.outlet_id.toLowerCase(),
      variant_id: log.variant_id?.toLowerCase() ?? null,
      played_at: playedAt,
      play_date: outletClock.date,
      play_time: outletClock.time,
      additional_info: { ...log.additional_info, screen_play_date: log.play_date, screen_play_time: log.play_time },
    };
  });
}

/** The ids of a batch this screen has already stored (a resend of an answered batch). */
async function storedIdsOf(db: Database, screenId: string, logs: readonly PlaybackLogEntry[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: playbackLogs.id })
    .from(playbackLogs)
    .where(
      and(
        // One array parameter, not a parameter per id: a batch names up to 500.
        sql`${playbackLogs.id} = any(${sql.param(logs.map((log) => log.id))}::uuid[])`,
        eq(playbackLogs.screenId, screenId),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores the plays of a batch that could have happened on this screen and refuses the rest, each
 * with its reason (decision 036). Ids come from the player, so a batch sent twice stores once:
 * duplicates are ignored and reported, even when the ad has changed since.
 */
export async function ingestPlays(
  db: Database,
  adCompanies: TtlCache<string, string>,
  screen: ScreenPrincipal,
  { logs: reported, sent_at: sentAt }: PlaybackBatch,
  pricing: PlayPricing,
  durations: MediaDurations,
  { now = Date.now() }: { now?: number } = {},
): Promise<IngestResult> {
  const arrivedAt = new Date(now).toISOString();
  const { tier, timezone } = await pricing.placeOf(screen.outletId);
  const batch = onServerClock(reported, sentAt, Date.parse(arrivedAt), timezone);
  const [companyOfAd, adOfVariant, cards] = await Promise.all([
    companiesOfAds(db, adCompanies, batch),
    adsOfVariants(db, batch),
    pricing.allCards(),
  ]);
  const judged = await judgePlays(db, screen, batch, companyOfAd, adOfVariant, durations, now);
  const answer = (known: Set<string>, refused: RefusedPlay[], stored: string[] = [], conflicts: string[] = []) => ({
    stored,
    duplicates: [...known, ...conflicts],
    refused: refused.filter((play) => !known.has(play.id)),
  });
  if (judged.candidates.length === 0) return answer(await storedIdsOf(db, screen.screenId, batch), judged.refused);
  await makePartitionsFor(
    db,
    judged.candidates.map((candidate) => candidate.log.played_at),
  );
  // One batch of a screen at a time: the overlap check must see the plays of any batch of the same
  // screen sent in parallel. The lock comes before any row lock, so it adds no deadlock.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${screen.screenId}, 0))`);
    const { from, to } = overlapWindow(judged.candidates);
    const { known, busy } = await storedAround(
      tx,
      durations,
      screen.screenId,
      from,
      to,
      batch.map((log) => log.id),
    );
    const physics = withoutOverlaps(
      judged.candidates.filter((candidate) => !known.has(candidate.log.id)),
      busy,
    );
    // Priced by the rate card in force at each play's instant (never later than its arrival, so a
    // fast clock cannot reach a card this process has not read yet), the outlet's tier now, and
    // the daypart of that instant in the outlet's zone (decisions 033, 072). Cards and tier come from memory.
    // The outlet's own content is free: its company, the house account, carries the outlet's id (decision 090).
    const priceOf = (log: PlaybackLogEntry) => {
      if (log.company_id === screen.outletId) return 0;
      const card = cardInForce(cards, Math.min(Date.parse(log.played_at), Date.parse(arrivedAt)));
      return card ? priceOfPlay(card, tier, log.play_date, log.play_time).price_minor * log.play_count : 0;
    };
    // A campaign's creative plays only within the plan handed to this screen (decision 084).
    const planned = await withinPlans(tx, screen.screenId, physics.accepted, priceOf);
    const refused = [...judged.refused, ...physics.refused, ...planned.refused];
    if (planned.accepted.length === 0) return answer(known, refused);
    const stored = await insertPlays(tx, screen.screenId, planned.accepted, adOfVariant, priceOf);
    await recordLineItemDelivery(tx, planned.accepted, stored, planned.lineItemOf, priceOf);
    const ids = planned.accepted.map((log) => log.id).sort();
    return answer(
      known,
      refused,
      ids.filter((id) => stored.has(id)),
      ids.filter((id) => !stored.has(id)),
    );
  });
}

/**
 * The slot of the network-wide daily counters (per ad, per variant) this screen's batches grow: the
 * same for every batch of a screen, spread over the slots by its random id, so batches of different
 * screens seldom wait on one row (decision 100).
 */
export function rollupCounterSlotOf(screenId: string): number {
  return Number.parseInt(screenId.slice(-4), 16) % ROLLUP_COUNTER_SLOTS;
}

/**
 * Inserts accepted plays and grows the daily rollups by exactly the plays that were new, in one
 * statement, so they can never disagree with the logs (a retried batch adds nothing to either).
 * Returns the ids it stored; an id stored meanwhile (another screen's, or a racing resend), in any
 * month, even with another played_at or archived since, is not (decision 097).
 */
async function insertPlays(
  db: Database,
  screenId: string,
  accepted: readonly PlaybackLogEntry[],
  adOfVariant: ReadonlyMap<string, string>,
  priceOf: (log: PlaybackLogEntry) => number,
): Promise<Set<string>> {
  // Rows in one global order (by id, and each rollup by its key below), so concurrent batches lock
  // the rows they share in the same order and cannot deadlock (decision 036).
  const logs = [...accepted].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  // A variant deleted while the screen was offline was on its list: its plays stay plays of the ad.
  const variantOf = (log: PlaybackLogEntry) =>
    log.variant_id && adOfVariant.has(log.variant_id) ? log.variant_id : null;
  // The batch as one JSON parameter that PostgreSQL reads into rows: neither a parameter per play
  // (a many-row VALUES list plans and binds slowly) nor an array per column (each element quoted
  // and escaped by the driver, the plays' JSON above all).
  const rows = JSON.stringify(
    logs.map((log) => ({
      id: log.id,
      ad_id: log.ad_id,
      screen_id: log.screen_id,
      company_id: log.company_id,
      outlet_id: log.outlet_id,
      ad_version: log.additional_info.ad_version ?? null,
      played_at: log.played_at,
      play_date: log.play_date,
      play_time: log.play_time,
      play_count: log.play_count,
      additional_info: log.additional_info,
      variant_id: variantOf(log),
      price_minor: priceOf(log),
    })),
  );
  const slot = rollupCounterSlotOf(screenId);
  const result = await db.execute<{ id: string }>(sql`
    with inserted as (
    insert into ${playbackLogs} (id, ad_id, screen_id, company_id, outlet_id, ad_version, played_at, play_date, play_time, play_count, additional_info, variant_id, price_minor)
    select id, ad_id, screen_id, company_id, outlet_id, ad_version, played_at, play_date, play_time, play_count, additional_info, variant_id, price_minor
    from jsonb_to_recordset(${rows}::jsonb) as batch(
      id uuid, ad_id uuid, screen_id uuid, company_id uuid, outlet_id uuid, ad_version int, played_at timestamptz,
      play_date date, play_time time, play_count int, additional_info jsonb, variant_id uuid, price_minor int
    )
    -- No key conflict to catch: the table's trigger skips a row whose id any month holds (decision 097).
    returning id, ad_id, screen_id, company_id, outlet_id, play_date, play_time, play_count, variant_id, price_minor
    ), seen as (
      -- Plays × the screen's audience estimate for the hour of the week played, as it is when stored (decision 085).
      select inserted.*, play_count * coalesce(
        ${screenAudiences.impressionsPerPlay}[extract(dow from play_date)::int * 24 + extract(hour from play_time)::int + 1], 0
      ) as impressions
      from inserted left join ${screenAudiences} on ${screenAudiences.screenId} = inserted.screen_id
    ), rolled as (
      insert into ${playRollupsDaily} (play_date, ad_id, screen_id, company_id, outlet_id, plays, amount_minor, impressions)
      select play_date, ad_id, screen_id, company_id, outlet_id, sum(play_count)::int, sum(price_minor), sum(impressions) from seen
      group by play_date, ad_id, screen_id, company_id, outlet_id
      order by play_date, ad_id, screen_id
      on conflict (play_date, ad_id, screen_id) do update
        set plays = ${playRollupsDaily.plays} + excluded.plays, amount_minor = ${playRollupsDaily.amountMinor} + excluded.amount_minor,
          impressions = ${playRollupsDaily.impressions} + excluded.impressions
    ), by_ad as (
      insert into ${playRollupsAdDaily} (play_date, ad_id, slot, company_id, plays, amount_minor, impressions)
      select play_date, ad_id, ${slot}::smallint, company_id, sum(play_count)::int, sum(price_minor), sum(impressions) from seen group by play_date, ad_id, company_id
      order by play_date, ad_id
      on conflict (play_date, ad_id, slot) do update
        set plays = ${playRollupsAdDaily.plays} + excluded.plays, amount_minor = ${playRollupsAdDaily.amountMinor} + excluded.amount_minor,
          impressions = ${playRollupsAdDaily.impressions} + excluded.impressions
    ), by_screen as (
      insert into ${playRollupsScreenDaily} (play_date, screen_id, outlet_id, plays, amount_minor, impressions)
      select play_date, screen_id, outlet_id, sum(play_count)::int, sum(price_minor), sum(impressions) from seen group by play_date, screen_id, outlet_id
      order by play_date, screen_id
      on conflict (play_date, screen_id) do update
        set plays = ${playRollupsScreenDaily.plays} + excluded.plays, amount_minor = ${playRollupsScreenDaily.amountMinor} + excluded.amount_minor,
          impressions = ${playRollupsScreenDaily.impressions} + excluded.impressions
    ), by_variant as (
      insert into ${playRollupsVariantDaily} (play_date, variant_id, slot, ad_id, plays)
      select play_date, variant_id, ${slot}::smallint, ad_id, sum(play_count)::int from inserted where variant_id is not null
      group by play_date, variant_id, ad_id
      order by play_date, variant_id
      on conflict (play_date, variant_id, slot) do update set plays = ${playRollupsVariantDaily.plays} + excluded.plays
    )
    select id from inserted`);
  return new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));
}
