import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.ts';
import { adoptMediaFile } from './media.storage.ts';
import type { MediaDurations } from './media-duration.ts';
import { humanBytes, type UploadLimits } from './media-limits.ts';
import { SNIFF_BYTES, type SniffedMedia, sniffMedia } from './media-sniff.ts';

/** A finished upload, named by its content hash, not yet filed under /media/. */
export interface ReceivedFile {
  name: string;
  sizeBytes: number;
}

/** Whether a sender may keep what they send (media-quota.ts): their hourly budget and their company's quota. */
export interface UploadGate {
  /** Bytes the sender may still send this hour: past them the upload stops at once. */
  remainingBytes: number;
  overBudget(): HttpError;
  /** Counts the file against the limits and files it with `store`, as one step; throws to refuse it. */
  admit(file: ReceivedFile, store: () => Promise<unknown>): Promise<void>;
}

export interface StoredUpload {
  media_url: string;
  type: SniffedMedia['type'];
  mime_type: string;
  size_bytes: number;
  /** A video's run time read from its container at upload (decision 072); null for images or when it does not say. */
  duration_seconds: number | null;
}

/** Unfinished uploads live beside the media (same file system, so filing one is a link), hidden from /media/. */
const INCOMING_DIR = '.incoming';

const unsupported = () =>
  new HttpError(
    400,
    'BAD_REQUEST',
    'Unsupported file type: upload a JPEG, PNG, WebP or GIF image or an MP4 or WebM video',
    [{ path: 'file', message: 'Unsupported file type' }],
  );

const tooLarge = (kind: SniffedMedia | undefined, limit: number) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `${KIND_NAMES[kind?.type ?? 'FILE']} are limited to ${humanBytes(limit)}`, [
    { path: 'file', message: `at most ${humanBytes(limit)}` },
  ]);

const KIND_NAMES = { IMAGE: 'Images', VIDEO: 'Videos', FILE: 'Files' } as const;

/**
 * Streams an upload to a temporary file while hashing it: the type comes from the first bytes,
 * the size limit of that type is enforced as the bytes arrive (never a whole video in memory),
 * the sender's hourly budget likewise, and the finished file is stored once under its SHA-256
 * however often it is sent, if the gate admits it. A refused file leaves nothing on disk.
 */
export async function receiveUpload(
  source: Readable,
  mediaDir: string,
  limits: UploadLimits,
  gate: UploadGate,
  durations: MediaDurations,
): Promise<StoredUpload> {
  const incoming = path.join(mediaDir, INCOMING_DIR);
  await mkdir(incoming, { recursive: true });
  const tempPath = path.join(incoming, randomUUID());
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let kind: SniffedMedia | undefined;
  let size = 0;

  const limitOf = (media: SniffedMedia | undefined) =>
    media?.type === 'IMAGE' ? limits.imageMaxBytes : media?.type === 'VIDEO' ? limits.videoMaxBytes : undefined;
  const identify = () => {
    kind = sniffMedia(head) ?? undefined;
    if (!kind) throw unsupported();
  };

  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        size += chunk.length;
        if (!kind) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) identify();
        }
        const limit = limitOf(kind) ?? Math.max(limits.imageMaxBytes, limits.videoMaxBytes);
        if (size > limit) throw tooLarge(kind, limit);
        if (size > gate.remainingBytes) throw gate.overBudget();
        hash.update(chunk);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (!kind) identify();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });

  const sink = createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(source, inspect, sink);
    const media = kind!;
    const file = { name: `${hash.digest('hex')}.${media.extension}`, sizeBytes: size };
    await gate.admit(file, () => adoptMediaFile(mediaDir, tempPath, file.name));
    const media_url = `/media/${file.name}`;
    const durationMs = media.type === 'VIDEO' ? await durations.videoMs(media_url) : null;
    return {
      media_url,
      type: media.type,
      mime_type: media.mimeType,
      size_bytes: size,
      duration_seconds: durationMs === null ? null : durationMs / 1000,
    };
  } finally {
    // A refused upload can fail before the file stream has even opened its file: wait for it to
    // close, or the file would appear after it was removed.
    if (!sink.closed) await once(sink, 'close').catch(() => undefined);
    await rm(tempPath, { force: true });
  }
}
