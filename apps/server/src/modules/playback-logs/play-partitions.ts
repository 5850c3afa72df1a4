import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { LIST_GRACE_MS, MAX_PLAY_AGE_MS } from './play-acceptance.ts';

/** Months made ahead of the current one, so a month begins with its partition long made (decision 097). */
export const MONTHS_AHEAD = 2;

/** `YYYY-MM`, the UTC month of an instant: the month of the partition a play at that instant is stored in. */
export function monthOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 7);
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return monthOf(Date.UTC(year, index - 1 + count, 1));
}

/** The first instant of a month, in UTC: a partition's lower bound. */
export function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00.000Z`);
}

/**
 * Every month a play accepted now may be stored in (the reporting window of decision 036 and the
 * clock lead it allows), and the next MONTHS_AHEAD.
 */
export function monthsToHold(now: number): string[] {
  const first = monthOf(now - MAX_PLAY_AGE_MS - LIST_GRACE_MS);
  const last = addMonths(monthOf(now), MONTHS_AHEAD);
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** Months this process knows have a partition, per database: an ingest asks the database only about others. */
const madeMonths = new WeakMap<Database, Set<string>>();

function madeIn(db: Database): Set<string> {
  let made = madeMonths.get(db);
  if (!made) {
    made = new Set();
    madeMonths.set(db, made);
  }
  return made;
}

/**
 * Makes the partitions of these months unless they exist (0037's function, under its lock, so
 * processes may race). An archived month is never made again: its plays are in its archive.
 */
export async function makePlayPartitions(db: Database, months: Iterable<string>): Promise<void> {
  const made = madeIn(db);
  for (const month of new Set(months)) {
    if (made.has(month)) continue;
    const result = await db.execute<{ name: string | null }>(
      sql`select adloop_playback_logs_partition(${`${month}-01`}::date) as name`,
    );
    if ((result as unknown as { rows: { name: string | null }[] }).rows[0]?.name) made.add(month);
  }
}

/**
 * The partitions of the months of these plays, made before the batch's transaction if this
 * process has not seen them (a clock the server was started under far from the plays' time):
 * making one locks the whole table, which must not wait inside an ingest.
 */
export async function makePartitionsFor(db: Database, playedAt: Iterable<string>): Promise<void> {
  const made = madeIn(db);
  const months = new Set<string>();
  // A batch's plays are minutes apart: the month is worked out again only when a play leaves the last one's.
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  for (const at of playedAt) {
    const instant = Date.parse(at);
    if (instant >= from && instant < until) continue;
    const month = monthOf(instant);
    from = monthStart(month).getTime();
    until = monthStart(addMonths(month, 1)).getTime();
    if (!made.has(month)) months.add(month);
  }
  if (months.size > 0) await makePlayPartitions(db, months);
}

/** Forgets a month whose partition was dropped (archived), so nothing here claims it exists. */
export function forgetPartition(db: Database, month: string): void {
  madeIn(db).delete(month);
}

/** The months that have a partition now, oldest first, by the names 0037's function gives them. */
export async function partitionedMonths(db: Database): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'public.playback_logs'::regclass
    order by c.relname`);
  return (result as unknown as { rows: { name: string }[] }).rows.flatMap((row) => {
    const match = /^playback_logs_(\d{4})_(\d{2})$/.exec(row.name);
    return match ? [`${match[1]}-${match[2]}`] : [];
  });
}

/** The partition table of a month, as 0037's function names it. */
export function partitionName(month: string): string {
  return `playback_logs_${month.replace('-', '_')}`;
}

/**
 * How long a stored play's id is remembered in `playback_log_ids` (decision 097). A play older than
 * MAX_PLAY_AGE_MS (7 days) is refused before it reaches the table, so an id older than that can
 * never be stored again; five weeks leave room for a screen's wrong clock and a month's turn.
 */
export const PLAY_ID_MEMORY_MS = 35 * 86_400_000;
const FORGET_BATCH = 50_000;

/**
 * Forgets the ids of plays older than PLAY_ID_MEMORY_MS, in batches so no statement holds the table
 * long; returns how many. Run with the partitions' upkeep.
 */
export async function forgetOldPlayIds(db: Database, now: number = Date.now()): Promise<number> {
  const before = new Date(now - PLAY_ID_MEMORY_MS).toISOString();
  let forgotten = 0;
  for (;;) {
    const result = await db.execute<{ count: number }>(sql`
      with gone as (
        delete from playback_log_ids where id in (
          select id from playback_log_ids where played_at < ${before}::timestamptz limit ${FORGET_BATCH}
        ) returning 1
      )
      select count(*)::int as count from gone`);
    const count = (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
    forgotten += count;
    if (count < FORGET_BATCH) return forgotten;
  }
}
