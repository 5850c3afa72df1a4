import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playbackLogArchives } from '../../db/schema.ts';
import { LIST_GRACE_MS, MAX_PLAY_AGE_MS } from './play-acceptance.ts';
import { addMonths, forgetPartition, monthStart, partitionedMonths, partitionName } from './play-partitions.ts';

const PAGE_SIZE = 5000;

/** Where a month's archive lives, under DATA_DIR (decision 097). */
export function archiveFolder(dataDir: string): string {
  return path.join(dataDir, 'archive', 'playback_logs');
}

export interface ArchiveManifest {
  table: 'playback_logs';
  month: string;
  file: string;
  rows: number;
  first_played_at: string | null;
  last_played_at: string | null;
  last_play_date: string | null;
  columns: string[];
  sha256: string;
  play_count_sum: number;
  created_at: string;
}

interface MonthFigures {
  rows: number;
  playCountSum: number;
}

/** The same day and time `months` calendar months earlier, the day held to that month's last (31 March − 1 = 28 February). */
function monthsBefore(instant: number, months: number): number {
  const at = new Date(instant);
  const firstOfTarget = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1);
  const target = new Date(firstOfTarget);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const timeOfDay = instant - Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return firstOfTarget + (Math.min(at.getUTCDate(), lastDay) - 1) * 86_400_000 + timeOfDay;
}

/**
 * Months whose partition lies wholly before the retention (`retentionMonths` before `now`) and
 * before any play a screen may still report: those the archive job takes, oldest first.
 */
export function monthsPastRetention(months: readonly string[], retentionMonths: number, now: number): string[] {
  const limit = Math.min(monthsBefore(now, retentionMonths), now - MAX_PLAY_AGE_MS - LIST_GRACE_MS);
  return months.filter((month) => monthStart(addMonths(month, 1)).getTime() <= limit);
}

/** The log's columns in table order, each as the text it is archived as (instants in UTC, ISO 8601). */
async function archivedColumns(db: Database): Promise<{ name: string; text: string }[]> {
  const result = await db.execute<{ name: string; type: string }>(sql`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = 'public' and table_name = 'playback_logs' order by ordinal_position`);
  return (result as unknown as { rows: { name: string; type: string }[] }).rows.map(({ name, type }) => ({
    name,
    text:
      type === 'timestamp with time zone'
        ? `to_char("${name}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : `"${name}"::text`,
  }));
}

/** The partition's rows in (played_at, id) order, a page at a time, so memory stays flat. */
async function* partitionRows(db: Database, month: string, columns: { name: string; text: string }[]) {
  const table = sql.identifier(partitionName(month));
  const select = sql.raw(columns.map((column) => `${column.text} as "${column.name}"`).join(', '));
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const result = await db.execute<Record<string, string | null>>(sql`
      select ${select}, played_at::text as "__at" from ${table}
      ${after ? sql`where (played_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by played_at, id limit ${PAGE_SIZE}`);
    const rows = (result as unknown as { rows: Record<string, string | null>[] }).rows;
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    const last = rows.at(-1)!;
    after = { at: last.__at!, id: last.id! };
  }
}

/** What the partition holds now: the figures its archive must match. */
async function figuresOf(db: Database, month: string): Promise<MonthFigures & { lastPlayDate: string | null }> {
  const result = await db.execute<{ rows: number; play_count_sum: string; last_play_date: string | null }>(sql`
    select count(*)::int as rows, coalesce(sum(play_count), 0)::text as play_count_sum, max(play_date)::text as last_play_date
    from ${sql.identifier(partitionName(month))}`);
  const [row] = (
    result as unknown as { rows: { rows: number; play_count_sum: string; last_play_date: string | null }[] }
  ).rows;
  return { rows: row!.rows, playCountSum: Number(row!.play_count_sum), lastPlayDate: row!.last_play_date };
}

async function syncedRename(temporary: string, final: string): Promise<void> {
  const handle = await open(temporary, 'r+');
  await handle.sync();
  await handle.close();
  await rename(temporary, final);
}

/**
 * Writes the month's rows to `YYYY-MM.csv.gz` (header row, every column, nulls as empty fields),
 * through a temporary file renamed into place, so a crash leaves no partial file under the name.
 * Any earlier file of that name is replaced, never read.
 */
async function writeArchive(db: Database, folder: string, month: string): Promise<Omit<ArchiveManifest, 'created_at'>> {
  const columns = await archivedColumns(db);
  const names = columns.map((column) => column.name);
  const file = `${month}.csv.gz`;
  const temporary = path.join(folder, `${file}.tmp`);
  const hash = createHash('sha256');
  const figures = { rows: 0, playCountSum: 0, first: null as string | null, last: null as string | null };
  let lastPlayDate: string | null = null;
  async function* lines() {
    yield `${names.map(csvField).join(',')}\r\n`;
    for await (const rows of partitionRows(db, month, columns)) {
      figures.rows += rows.length;
      for (const row of rows) {
        figures.playCountSum += Number(row.play_count);
        figures.first ??= row.played_at ?? null;
        figures.last = row.played_at ?? null;
        if (row.play_date && (!lastPlayDate || row.play_date > lastPlayDate)) lastPlayDate = row.play_date;
      }
      yield rows.map((row) => `${names.map((name) => csvField(row[name] ?? null)).join(',')}\r\n`).join('');
    }
  }
  const gzip = createGzip();
  gzip.on('data', (chunk: Buffer) => hash.update(chunk));
  await pipeline(Readable.from(lines()), gzip, createWriteStream(temporary));
  await syncedRename(temporary, path.join(folder, file));
  return {
    table: 'playback_logs',
    month,
    file,
    rows: figures.rows,
    first_played_at: figures.first,
    last_played_at: figures.last,
    last_play_date: lastPlayDate,
    columns: names,
    sha256: hash.digest('hex'),
    play_count_sum: figures.playCountSum,
  };
}

/** A field as RFC 4180 writes it; the archive keeps values as stored (no spreadsheet guard). */
function csvField(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record's fields (RFC 4180 quoting; the archived values hold no line breaks). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Reads an archive back: its sha256 as it lies on disk, and its rows and play_count sum as it parses. */
export async function readArchive(
  file: string,
  onRow?: (row: Record<string, string>) => void,
): Promise<MonthFigures & { sha256: string; columns: string[] }> {
  const hash = createHash('sha256');
  const raw = createReadStream(file);
  raw.on('data', (chunk) => hash.update(chunk));
  const lines = createInterface({ input: raw.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  let columns: string[] | undefined;
  const figures = { rows: 0, playCountSum: 0 };
  for await (const line of lines) {
    const fields = csvFields(line);
    if (!columns) {
      columns = fields;
      continue;
    }
    const row = Object.fromEntries(columns.map((name, index) => [name, fields[index] ?? '']));
    figures.rows += 1;
    figures.playCountSum += Number(row.play_count);
    onRow?.(row);
  }
  return { ...figures, sha256: hash.digest('hex'), columns: columns ?? [] };
}

/** The archive as written matches what was meant to be written, and what the partition holds. */
async function verifyArchive(
  folder: string,
  manifest: Omit<ArchiveManifest, 'created_at'>,
  partition: MonthFigures,
): Promise<void> {
  const read = await readArchive(path.join(folder, manifest.file));
  const problems = [
    read.sha256 !== manifest.sha256 && 'its sha256 differs from the one written',
    read.rows !== manifest.rows && `it reads ${read.rows} rows, ${manifest.rows} were written`,
    read.rows !== partition.rows && `it holds ${read.rows} rows, the partition ${partition.rows}`,
    read.playCountSum !== partition.playCountSum &&
      `its play_count sums to ${read.playCountSum}, the partition's to ${partition.playCountSum}`,
  ].filter(Boolean);
  if (problems.length > 0)
    throw new Error(`The archive of ${manifest.month} is not the partition: ${problems.join('; ')}`);
}

/**
 * Detaches and drops the month's partition and records its archive, in one transaction: both or
 * neither. The partition is counted again under the lock the detach takes; should it have changed
 * since the archive was written, nothing is dropped and the next run writes the archive again.
 */
async function dropArchivedPartition(db: Database, manifest: ArchiveManifest): Promise<void> {
  const table = sql.identifier(partitionName(manifest.month));
  await db.transaction(async (tx) => {
    // Share: writers wait, readers go on (a reader of the whole log holds the table, then this
    // partition, so an exclusive lock taken here before the detach's could deadlock with it).
    await tx.execute(sql`lock table ${table} in share mode`);
    const now = await figuresOf(tx as unknown as Database, manifest.month);
    if (now.rows !== manifest.rows || now.playCountSum !== manifest.play_count_sum) {
      throw new Error(`The partition of ${manifest.month} changed while it was archived; it is kept`);
    }
    await tx.insert(playbackLogArchives).values({
      month: manifest.month,
      file: `archive/playback_logs/${manifest.file}`,
      rows: manifest.rows,
      playCountSum: manifest.play_count_sum,
      sha256: manifest.sha256,
      firstPlayedAt: manifest.first_played_at ? new Date(manifest.first_played_at) : null,
      lastPlayedAt: manifest.last_played_at ? new Date(manifest.last_played_at) : null,
      lastPlayDate: manifest.last_play_date,
    });
    await tx.execute(sql`alter table playback_logs detach partition ${table}`);
    await tx.execute(sql`drop table ${table}`);
  });
}

/**
 * Archives one month (decision 097): writes its file and manifest, reads the file back and checks
 * it against the partition, and only then drops the partition. Every step before the drop can be
 * repeated from scratch, so a crash at any point loses nothing.
 */
export async function archiveMonth(db: Database, dataDir: string, month: string): Promise<ArchiveManifest> {
  const folder = archiveFolder(dataDir);
  await mkdir(folder, { recursive: true });
  const written = await writeArchive(db, folder, month);
  await verifyArchive(folder, written, await figuresOf(db, month));
  const manifest: ArchiveManifest = { ...written, created_at: new Date().toISOString() };
  const manifestFile = path.join(folder, `${month}.manifest.json`);
  await writeFile(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  await syncedRename(`${manifestFile}.tmp`, manifestFile);
  await dropArchivedPartition(db, manifest);
  forgetPartition(db, month);
  return manifest;
}

/** Archives every month past the retention; a month already archived has no partition left to take. */
export async function archiveOldPlays(
  db: Database,
  { dataDir, retentionMonths, now = Date.now() }: { dataDir: string; retentionMonths: number; now?: number },
): Promise<ArchiveManifest[]> {
  const months = monthsPastRetention(await partitionedMonths(db), retentionMonths, now);
  const archived: ArchiveManifest[] = [];
  for (const month of months) archived.push(await archiveMonth(db, dataDir, month));
  return archived;
}

/** A manifest as written, for tests and operators. */
export async function readManifest(dataDir: string, month: string): Promise<ArchiveManifest> {
  return JSON.parse(await readFile(path.join(archiveFolder(dataDir), `${month}.manifest.json`), 'utf8'));
}
