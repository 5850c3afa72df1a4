import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, inArray, lt, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mediaFiles, mediaUploads } from '../../db/schema.ts';

/** How long an uploaded file may wait, unreferenced, for the ad or variant it was sent for. */
export const DEFAULT_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** Files decided on per transaction: their row locks are held only while these few are removed. */
const BATCH_SIZE = 100;
/** A run stops after this many batches; the next run goes on. */
const MAX_BATCHES = 50;

/**
 * Anything that can still show the file or bring it back: an ad, any version of one (each can be
 * rolled back to), a variant or its pending change, an edit held for review (pending or rejected).
 * Emergency takeovers show an ad, which holds its own media.
 */
const referenced = sql`(
  exists (select 1 from "ads" where "ads"."media_url" = '/media/' || "media_files"."name")
  or exists (select 1 from "ad_versions" where "ad_versions"."media_url" = '/media/' || "media_files"."name")
  or exists (select 1 from "ad_variants" where "ad_variants"."media_url" = '/media/' || "media_files"."name"
    or "ad_variants"."pending" ->> 'media_url' = '/media/' || "media_files"."name")
  or exists (select 1 from "ad_revisions" where "ad_revisions"."changes" ->> 'media_url' = '/media/' || "media_files"."name")
)`;

/** Only one process sweeps at a time; the others skip the run. */
const SWEEP_LOCK = sql`select pg_try_advisory_xact_lock(hashtextextended('media-sweep', 0)) as "locked"`;

/**
 * One batch, in one transaction: the old unreferenced files are locked (skipping any that an
 * upload or a new reference holds), checked again against what has committed since, removed
 * from the table and then from disk before the locks are let go. null when another process sweeps.
 */
async function sweepBatch(
  db: Database,
  mediaDir: string,
  graceMs: number,
): Promise<{ removed: string[]; full: boolean } | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(SWEEP_LOCK);
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
    const candidates = await tx
      .select({ name: mediaFiles.name })
      .from(mediaFiles)
      .where(and(lt(mediaFiles.lastUploadedAt, sql`now() - ${graceMs} * interval '1 millisecond'`), not(referenced)))
      .orderBy(asc(mediaFiles.lastUploadedAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { removed: [], full: false };
    const names = candidates.map((file) => file.name);
    const removed = await tx
      .delete(mediaFiles)
      .where(and(inArray(mediaFiles.name, names), not(referenced)))
      .returning({ name: mediaFiles.name });
    for (const file of removed) await rm(path.join(mediaDir, file.name), { force: true });
    return { removed: removed.map((file) => file.name), full: candidates.length === BATCH_SIZE };
  });
}

/** Upload records older than the hourly window that repeat an earlier one (same file, same company) count nothing. */
async function pruneRepeatedUploads(db: Database) {
  await db.execute(sql`delete from ${mediaUploads} u
    where u.created_at < now() - interval '1 hour'
      and exists (select 1 from ${mediaUploads} o
        where o.file_name = u.file_name and o.company_id is not distinct from u.company_id
          and (o.created_at, o.id) < (u.created_at, u.id))`);
}

export interface MediaSweepResult {
  /** False when another process was sweeping, so this one left it to them. */
  swept: boolean;
  /** Names of the files removed. */
  removed: string[];
}

/**
 * Removes uploaded media that nothing references and that nobody has sent for `graceMs`, from
 * the table and from disk (decision 044). Files never recorded in media_files are left alone.
 */
export async function sweepUnusedMedia(
  db: Database,
  mediaDir: string,
  { graceMs = DEFAULT_MEDIA_GRACE_MS }: { graceMs?: number } = {},
): Promise<MediaSweepResult> {
  const removed: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const result = await sweepBatch(db, mediaDir, graceMs);
    if (result === null) return { swept: batch > 0, removed };
    removed.push(...result.removed);
    if (!result.full) break;
  }
  await pruneRepeatedUploads(db);
  return { swept: true, removed };
}
