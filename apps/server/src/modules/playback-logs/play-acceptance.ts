import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import type { PlaybackLogEntry, RefusedPlay } from '@adloop/contract/screen';
import { and, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVariants, playbackLogs, screenServedLists, screens, takeovers } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import type { MediaDurations } from '../media/media-duration.ts';

/** Decision 036. Clock skew and list changes in flight: a list counts this long either side of its time. */
export const LIST_GRACE_MS = 5 * 60_000;
/** An ad paused or taken down while a screen was offline is still billed this long after. */
export const INACTIVE_GRACE_MS = 15 * 60_000;
/** A screen offline longer than this may no longer report its plays. */
export const MAX_PLAY_AGE_MS = 7 * 86_400_000;
/** A play stamped further ahead of the server's clock than this cannot have happened yet. */
export const MAX_PLAY_LEAD_MS = 5 * 60_000;
/** A screen clock off by more than this has its batches moved onto the server's clock (by `sent_at`). */
export const CLOCK_CORRECTION_MIN_MS = MAX_PLAY_LEAD_MS;
/**
 * One screen shows one ad at a time; plays may sit this much closer than their durations (timers,
 * rounding, a clock corrected batch by batch): a fifth, but never more than 5 s, so a long ad
 * cannot be squeezed into its own last minutes (decision 072).
 */
const OVERLAP_TOLERANCE = 0.2;
const MAX_OVERLAP_TOLERANCE_MS = 5_000;
/** No play runs longer than the longest ad (an ad's duration is at most 3,600 s): how far apart two plays can still overlap. */
export const LONGEST_PLAY_MS = 3_600_000;
/**
 * A video the server cannot read (an address elsewhere, a stream, a hosted player) is taken to
 * run as long as the screen reports, but never less than this (decision 072).
 */
export const MIN_UNREAD_VIDEO_MS = 5_000;

/** What a play showed: an ad's or a variant's creative. */
export interface Creative {
  type: 'IMAGE' | 'VIDEO';
  durationSeconds: number | null;
  mediaUrl: string | null;
}

/**
 * How long one play shows (decision 072): an image its duration, else the default the player
 * uses; a stored video the run time read from its file; any other video what the screen
 * reported, at least MIN_UNREAD_VIDEO_MS. Never longer than the longest ad.
 */
export function playMs(
  creative: Creative,
  videoMs: ReadonlyMap<string, number | null>,
  reportedSeconds: unknown,
): number {
  if (creative.type === 'IMAGE') {
    const seconds =
      creative.durationSeconds && creative.durationSeconds > 0
        ? creative.durationSeconds
        : DEFAULT_IMAGE_DURATION_SECONDS;
    return Math.min(LONGEST_PLAY_MS, seconds * 1000);
  }
  const probed = creative.mediaUrl ? videoMs.get(creative.mediaUrl) : undefined;
  if (probed) return Math.min(LONGEST_PLAY_MS, probed);
  const reported = typeof reportedSeconds === 'number' && Number.isFinite(reportedSeconds) ? reportedSeconds * 1000 : 0;
  return Math.min(LONGEST_PLAY_MS, Math.max(MIN_UNREAD_VIDEO_MS, reported));
}

/** The run time of every stored video among `creatives`, by address (probed once per process). */
export async function videoLengths(
  durations: MediaDurations,
  creatives: Iterable<Creative>,
): Promise<Map<string, number | null>> {
  const urls = new Set<string>();
  for (const creative of creatives) if (creative.type === 'VIDEO' && creative.mediaUrl) urls.add(creative.mediaUrl);
  const entries = await Promise.all([...urls].map(async (url) => [url, await durations.videoMs(url)] as const));
  return new Map(entries);
}

interface ServedList {
  servedAt: number;
  adIds: Set<string>;
  variantIds: Set<string>;
}

export interface Occupancy {
  id: string;
  at: number;
  ms: number;
}

/** A play that passed every rule but the overlap check, with the time it took (decision 036). */
export interface Candidate {
  log: PlaybackLogEntry;
  occupancy: Occupancy;
}

export interface Judgement {
  candidates: Candidate[];
  refused: RefusedPlay[];
}

/**
 * Splits a screen's batch into plays that could have happened on it and plays that could not,
 * each refused with its reason (decision 036): the ad (and variant) was on the list the screen
 * held at the play's instant, or in a takeover of it; the ad was ACTIVE then; and the instant
 * lies between the screen's creation (or the reporting window) and now. Whether the screen was
 * free at that instant is judged later, under the screen's lock (`withoutOverlaps`).
 */
export async function judgePlays(
  db: Database,
  screen: ScreenPrincipal,
  logs: readonly PlaybackLogEntry[],
  companyOfAd: ReadonlyMap<string, string>,
  adOfVariant: ReadonlyMap<string, string>,
  durations: MediaDurations,
  now = Date.now(),
): Promise<Judgement> {
  if (logs.length === 0) return { candidates: [], refused: [] };
  const instants = logs.map((log) => Date.parse(log.played_at));
  const from = Math.min(...instants);
  const to = Math.max(...instants);
  const adIds = [...new Set(logs.map((log) => log.ad_id))];
  const [createdAt, lists, adRows, variantRows, takeoverRows] = await Promise.all([
    screenCreatedAt(db, screen.screenId),
    servedListsAround(db, screen.screenId, from - LIST_GRACE_MS, to + LIST_GRACE_MS),
    db
      .select({
        id: ads.id,
        status: ads.status,
        inactiveSince: ads.inactiveSince,
        createdAt: ads.createdAt,
        type: ads.type,
        durationSeconds: ads.durationSeconds,
        mediaUrl: ads.mediaUrl,
      })
      .from(ads)
      .where(inArray(ads.id, adIds)),
    variantCreatives(db, logs),
    adTakeoversAround(db, screen.screenId, from - LIST_GRACE_MS, to + LIST_GRACE_MS),
  ]);
  const adById = new Map(adRows.map((row) => [row.id, row]));
  const videoMs = await videoLengths(durations, [...adRows, ...variantRows.values()]);
  const earliest = Math.max(createdAt - LIST_GRACE_MS, now - MAX_PLAY_AGE_MS);

  const refusedReason = (log: PlaybackLogEntry, at: number): string | null => {
    if (log.screen_id !== screen.screenId) return 'screen_id is not the signed-in screen';
    if (log.outlet_id !== screen.outletId) return "outlet_id is not the screen's outlet";
    const companyId = companyOfAd.get(log.ad_id);
    const ad = adById.get(log.ad_id);
    if (!companyId || !ad) return 'ad_id is not a known ad';
    if (companyId !== log.company_id) return "company_id is not the ad's company";
    const variantAd = log.variant_id ? adOfVariant.get(log.variant_id) : undefined;
    if (variantAd !== undefined && variantAd !== log.ad_id) return 'variant_id is not a variant of the ad';
    if (at > now + MAX_PLAY_LEAD_MS) return 'played_at is ahead of the server clock by more than 5 minutes';
    if (at < createdAt - LIST_GRACE_MS) return 'played_at is before the screen existed';
    if (at < earliest) return 'played_at is older than the 7-day reporting window';
    if (at < ad.createdAt.getTime() - LIST_GRACE_MS) return 'played_at is before the ad existed';
    if (ad.status !== 'ACTIVE' && (!ad.inactiveSince || at > ad.inactiveSince.getTime() + INACTIVE_GRACE_MS)) {
      return 'the ad was not active at played_at';
    }
    const inTakeover = takeoverRows.some(
      (takeover) =>
        takeover.adId === log.ad_id &&
        takeover.from - LIST_GRACE_MS <= at &&
        (takeover.to === null || at <= takeover.to + LIST_GRACE_MS),
    );
    const heldLists = listsHeldAround(lists, at);
    if (!inTakeover && !heldLists.some((list) => list.adIds.has(log.ad_id))) {
      return "the ad was not on the screen's list at played_at";
    }
    if (
      log.variant_id &&
      !inTakeover &&
      !heldLists.some((list) => list.adIds.has(log.ad_id) && list.variantIds.has(log.variant_id!))
    ) {
      return "the variant was not on the screen's list at played_at";
    }
    return null;
  };

  const candidates: Candidate[] = [];
  const refused: RefusedPlay[] = [];
  const seen = new Set<string>();
  logs.forEach((log, index) => {
    if (seen.has(log.id)) return;
    seen.add(log.id);
    const at = instants[index]!;
    const reason = refusedReason(log, at);
    if (reason) {
      refused.push({ id: log.id, reason });
      return;
    }
    const creative = (log.variant_id ? variantRows.get(log.variant_id) : undefined) ?? adById.get(log.ad_id)!;
    const ms = playMs(creative, videoMs, log.additional_info.ad_duration) * log.play_count;
    candidates.push({ log, occupancy: { id: log.id, at, ms } });
  });
  return { candidates, refused };
}

/**
 * One screen shows one play at a time: taken in time order against the screen's stored plays
 * (`busy`), a play that overlaps one already taken is refused, so of two plays that cannot both
 * have happened the earlier one stands. Run under the screen's lock, so concurrent batches of one
 * screen cannot each squeeze a play into the same time.
 */
export function withoutOverlaps(candidates: readonly Candidate[], stored: readonly Occupancy[]) {
  const busy = [...stored];
  const accepted: PlaybackLogEntry[] = [];
  const refused: RefusedPlay[] = [];
  const inTimeOrder = [...candidates].sort(
    (a, b) => a.occupancy.at - b.occupancy.at || (a.log.id < b.log.id ? -1 : a.log.id > b.log.id ? 1 : 0),
  );
  for (const { log, occupancy } of inTimeOrder) {
    if (busy.some((other) => overlaps(other, occupancy))) {
      refused.push({ id: log.id, reason: 'the screen was already showing another play at played_at' });
      continue;
    }
    busy.push(occupancy);
    accepted.push(log);
  }
  return { accepted, refused };
}

/**
 * The span of time in which a stored play of the screen could overlap a candidate: a play is
 * stamped when it ends, so an earlier stored play overlaps only if it ended after the candidate
 * began (within the candidate's own length), and a later one only if it began before the
 * candidate ended (within its length, at most the longest play).
 */
export function overlapWindow(candidates: readonly Candidate[]): { from: number; to: number } {
  const starts = candidates.map((candidate) => candidate.occupancy.at - candidate.occupancy.ms);
  const ends = candidates.map((candidate) => candidate.occupancy.at);
  return { from: Math.min(...starts), to: Math.max(...ends) + LONGEST_PLAY_MS };
}

/**
 * The player stamps a play when it ends, so a play took the time just before its instant. Two
 * plays of one screen overlap when the later one (nearly) started before the earlier one ended.
 */
function overlaps(a: Occupancy, b: Occupancy): boolean {
  const [first, second] = a.at <= b.at ? [a, b] : [b, a];
  return second.at - second.ms + Math.min(second.ms * OVERLAP_TOLERANCE, MAX_OVERLAP_TOLERANCE_MS) < first.at;
}

/**
 * The lists the screen may have held within the grace around `at`: each list holds from its time
 * until the next; the first recorded one also covers the time before it (screens that played
 * before lists were recorded, decision 036).
 */
function listsHeldAround(lists: readonly ServedList[], at: number): ServedList[] {
  return lists.filter((list, index) => {
    const next = lists[index + 1];
    const start = index === 0 ? Number.NEGATIVE_INFINITY : list.servedAt;
    const end = next ? next.servedAt : Number.POSITIVE_INFINITY;
    return start <= at + LIST_GRACE_MS && at - LIST_GRACE_MS < end;
  });
}

async function screenCreatedAt(db: Database, screenId: string): Promise<number> {
  const [row] = await db.select({ createdAt: screens.createdAt }).from(screens).where(eq(screens.id, screenId));
  return row ? row.createdAt.getTime() : Number.POSITIVE_INFINITY;
}

/** The list in force at `from`, every list recorded up to `to`, and the first one ever. */
async function servedListsAround(db: Database, screenId: string, from: number, to: number): Promise<ServedList[]> {
  const fromAt = new Date(from).toISOString();
  const toAt = new Date(to).toISOString();
  const result = await db.execute<{ served_at: string | Date; ad_ids: string[]; variant_ids: string[] }>(sql`
    (select served_at, ad_ids, variant_ids from ${screenServedLists}
      where screen_id = ${screenId}::uuid order by served_at asc limit 1)
    union
    (select served_at, ad_ids, variant_ids from ${screenServedLists}
      where screen_id = ${screenId}::uuid and served_at <= ${fromAt}::timestamptz order by served_at desc limit 1)
    union
    (select served_at, ad_ids, variant_ids from ${screenServedLists}
      where screen_id = ${screenId}::uuid and served_at > ${fromAt}::timestamptz and served_at <= ${toAt}::timestamptz)
    order by served_at asc`);
  return (
    result as unknown as { rows: { served_at: string | Date; ad_ids: string[]; variant_ids: string[] }[] }
  ).rows.map((row) => ({
    servedAt: new Date(row.served_at).getTime(),
    adIds: new Set(row.ad_ids),
    variantIds: new Set(row.variant_ids),
  }));
}

/** Ad takeovers that put an ad on this screen around the batch's time (decision 035). */
async function adTakeoversAround(
  db: Database,
  screenId: string,
  from: number,
  to: number,
): Promise<{ adId: string | null; from: number; to: number | null }[]> {
  const rows = await db
    .select({
      adId: takeovers.adId,
      startedAt: takeovers.startedAt,
      endedAt: takeovers.endedAt,
      endsAt: takeovers.endsAt,
    })
    .from(takeovers)
    .where(
      and(
        eq(takeovers.kind, 'AD'),
        sql`${takeovers.screenIds} @> array[${screenId}]::uuid[]`,
        lte(takeovers.startedAt, new Date(to)),
        sql`coalesce(${takeovers.endedAt}, ${takeovers.endsAt}, 'infinity'::timestamptz) >= ${new Date(from).toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => {
    const ended = row.endedAt ?? row.endsAt;
    return { adId: row.adId, from: row.startedAt.getTime(), to: ended ? ended.getTime() : null };
  });
}

/** The creative of each named variant (a variant shows its own creative for its own time). */
async function variantCreatives(db: Database, logs: readonly PlaybackLogEntry[]): Promise<Map<string, Creative>> {
  const ids = [...new Set(logs.flatMap((log) => (log.variant_id ? [log.variant_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: adVariants.id,
      type: adVariants.type,
      durationSeconds: adVariants.durationSeconds,
      mediaUrl: adVariants.mediaUrl,
    })
    .from(adVariants)
    .where(inArray(adVariants.id, ids));
  return new Map(rows.map(({ id, ...creative }) => [id, creative]));
}

/**
 * What the screen has stored around a batch, in one statement: the plays that may overlap it, each
 * with the time it took, and which of the batch's ids it already holds (a resend). A play it
 * holds is not its own neighbour: it is left out of `busy`.
 */
export async function storedAround(
  db: Database,
  durations: MediaDurations,
  screenId: string,
  from: number,
  to: number,
  ids: readonly string[],
): Promise<{ known: Set<string>; busy: Occupancy[] }> {
  const rows = await db
    .select({
      id: playbackLogs.id,
      playedAt: playbackLogs.playedAt,
      playCount: playbackLogs.playCount,
      reportedSeconds: sql<unknown>`${playbackLogs.additionalInfo} -> 'ad_duration'`,
      adType: ads.type,
      adSeconds: ads.durationSeconds,
      adMedia: ads.mediaUrl,
      variantType: adVariants.type,
      variantSeconds: adVariants.durationSeconds,
      variantMedia: adVariants.mediaUrl,
    })
    .from(playbackLogs)
    .innerJoin(ads, eq(ads.id, playbackLogs.adId))
    .leftJoin(adVariants, eq(adVariants.id, playbackLogs.variantId))
    .where(
      and(
        eq(playbackLogs.screenId, screenId),
        or(
          and(gte(playbackLogs.playedAt, new Date(from)), lte(playbackLogs.playedAt, new Date(to))),
          // One array parameter, not a parameter per id: a batch names up to 500.
          ids.length > 0 ? sql`${playbackLogs.id} = any(${sql.param([...ids])}::uuid[])` : undefined,
        ),
      ),
    );
  const batch = new Set(ids);
  const known = new Set(rows.filter((row) => batch.has(row.id)).map((row) => row.id));
  const neighbours = rows.filter(
    (row) => !known.has(row.id) && row.playedAt.getTime() >= from && row.playedAt.getTime() <= to,
  );
  const creativeOf = (row: (typeof rows)[number]): Creative =>
    row.variantType
      ? { type: row.variantType, durationSeconds: row.variantSeconds, mediaUrl: row.variantMedia }
      : { type: row.adType, durationSeconds: row.adSeconds, mediaUrl: row.adMedia };
  const videoMs = await videoLengths(durations, neighbours.map(creativeOf));
  return {
    known,
    busy: neighbours.map((row) => ({
      id: row.id,
      at: row.playedAt.getTime(),
      ms: playMs(creativeOf(row), videoMs, row.reportedSeconds) * row.playCount,
    })),
  };
}
