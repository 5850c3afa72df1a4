import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, mediaFiles, mediaUploads } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error.ts';
import { assertCallersCompany, reachesAll } from '../../lib/scope.ts';
import { humanBytes, type UploadLimits } from './media-limits.ts';
import type { ReceivedFile, UploadGate } from './media-upload.ts';

/** Who sends an upload and whose storage it fills (null: no company known, so only the hourly rate applies). */
export interface Uploader {
  userId: string;
  companyId: string | null;
  /** The company is the sender's own (a company role), not one a global admin named. */
  ownCompany: boolean;
}

/**
 * The company an upload is for: the one a global admin names (none named: no company), or the
 * sender's own company, the first of them unless they name another of theirs (as creating an ad does).
 */
export async function uploaderOf(ctx: ServiceContext, requested?: string): Promise<Uploader> {
  const { db, caller } = ctx;
  if (reachesAll(caller)) {
    if (!requested) return { userId: caller.userId, companyId: null, ownCompany: false };
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, requested));
    if (!company) throw notFound('Company');
    return { userId: caller.userId, companyId: company.id, ownCompany: false };
  }
  if (requested) assertCallersCompany(caller, requested);
  return { userId: caller.userId, companyId: requested ?? caller.companyIds[0] ?? null, ownCompany: true };
}

async function firstRow<T>(db: Database, query: SQL): Promise<T> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0]!;
}

interface SentThisHour {
  bytes: number;
  /** Seconds until the oldest upload of the hour stops counting. */
  retryAfterSeconds: number;
}

const sentThisHour = (db: Database, userId: string) =>
  firstRow<SentThisHour>(
    db,
    sql`select coalesce(sum(bytes), 0)::float8 as "bytes",
      greatest(1, coalesce(ceil(extract(epoch from min(created_at) + interval '1 hour' - now())), 3600))::int
        as "retryAfterSeconds"
    from ${mediaUploads} where uploaded_by = ${userId}::uuid and created_at > now() - interval '1 hour'`,
  );

/** Bytes of the distinct files a company has uploaded that are still stored, and whether `name` is one. */
const companyHolding = (db: Database, companyId: string, name: string) =>
  firstRow<{ bytes: number; holdsFile: boolean }>(
    db,
    sql`select coalesce(sum(f.bytes), 0)::float8 as "bytes", coalesce(bool_or(f.name = ${name}), false) as "holdsFile"
    from ${mediaFiles} f
    where exists (select 1 from ${mediaUploads} u where u.file_name = f.name and u.company_id = ${companyId}::uuid)`,
  );

const duration = (seconds: number) =>
  seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;

const overHourlyRate = (limit: number, retryAfterSeconds: number) =>
  tooManyRequests(
    `You can upload at most ${humanBytes(limit)} of media an hour; try again in ${duration(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );

function storageFull(uploader: Uploader, heldBytes: number, fileBytes: number, quota: number): HttpError {
  const whose = uploader.ownCompany ? "Your company's" : "This company's";
  const state =
    heldBytes >= quota
      ? `is full (${humanBytes(heldBytes)} of ${humanBytes(quota)})`
      : `has ${humanBytes(quota - heldBytes)} of ${humanBytes(quota)} left, and this file is ${humanBytes(fileBytes)}`;
  const message = `${whose} media storage ${state}. Remove unused media or ask an admin.`;
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: 'file', message: 'media storage full' }]);
}

/** Transaction-scoped lock on one key of the media limits (another process waits, never reads a stale sum). */
const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/**
 * Records a received file against the sender's hour and their company's storage and files it,
 * in one transaction under the sender's lock and then the company's (always in that order), so
 * concurrent uploads are counted one after another and cannot together pass a limit. The file
 * reaches /media/ only inside it: a refusal, or a failure to file it, leaves nothing behind.
 */
async function admit(
  db: Database,
  uploader: Uploader,
  limits: UploadLimits,
  file: ReceivedFile,
  store: () => Promise<unknown>,
) {
  await db.transaction(async (tx) => {
    await tx.execute(lockKey(`media-rate:${uploader.userId}`));
    const sent = await sentThisHour(tx, uploader.userId);
    if (sent.bytes + file.sizeBytes > limits.userBytesPerHour) {
      throw overHourlyRate(limits.userBytesPerHour, sent.retryAfterSeconds);
    }
    if (uploader.companyId) {
      await tx.execute(lockKey(`media-quota:${uploader.companyId}`));
      const held = await companyHolding(tx, uploader.companyId, file.name);
      // A file the company already holds takes no more of its storage.
      const adds = held.holdsFile ? 0 : file.sizeBytes;
      if (held.bytes + adds > limits.companyStorageBytes) {
        throw storageFull(uploader, held.bytes, file.sizeBytes, limits.companyStorageBytes);
      }
    }
    // Sending a file again restarts its grace period; the row lock waits for a sweep deciding on it.
    await tx
      .insert(mediaFiles)
      .values({ name: file.name, bytes: file.sizeBytes })
      .onConflictDoUpdate({ target: mediaFiles.name, set: { lastUploadedAt: sql`now()` } });
    await tx.insert(mediaUploads).values({
      fileName: file.name,
      companyId: uploader.companyId,
      uploadedBy: uploader.userId,
      bytes: file.sizeBytes,
    });
    await store();
  });
}

/**
 * The gate of one upload: refused at once when the sender has used this hour's bytes, stopped
 * as soon as it passes what is left, and admitted at the end only if the limits still hold.
 */
export async function openUploadGate(
  { db }: ServiceContext,
  uploader: Uploader,
  limits: UploadLimits,
): Promise<UploadGate> {
  const sent = await sentThisHour(db, uploader.userId);
  const overBudget = () => overHourlyRate(limits.userBytesPerHour, sent.retryAfterSeconds);
  const remainingBytes = limits.userBytesPerHour - sent.bytes;
  if (remainingBytes <= 0) throw overBudget();
  return { remainingBytes, overBudget, admit: (file, store) => admit(db, uploader, limits, file, store) };
}
