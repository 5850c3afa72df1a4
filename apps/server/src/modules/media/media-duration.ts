import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long a stored video runs, read from its container (decision 072): an MP4's movie header
 * (`moov/mvhd`: duration ÷ timescale) or a WebM's segment info (`Duration` × `TimecodeScale`).
 * Only headers are read, a few kilobytes at positions the boxes name, however large the file.
 * Null when the file is missing or its container does not say.
 */
export async function probeVideoMs(filePath: string): Promise<number | null> {
  const file = await open(filePath, 'r').catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      if (buffer.length === 0) return buffer;
      const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(0, 16);
    if (head.subarray(4, 8).toString('latin1') === 'ftyp') return await mp4DurationMs(read, size);
    if (head.readUInt32BE(0) === EBML_MAGIC) return webmDurationMs(await read(0, WEBM_HEAD_BYTES));
    return null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** The boxes a file may hold before its `moov` (ftyp, free, mdat …): a bound on a crafted file's walk. */
const MAX_BOXES = 1_000;

/** Walks the boxes between `start` and `end` and returns the offset and size of the first `type`. */
async function findBox(read: ReadAt, start: number, end: number, type: string) {
  let offset = start;
  for (let count = 0; offset + 8 <= end && count < MAX_BOXES; count += 1) {
    const header = await read(offset, 16);
    if (header.length < 8) return null;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerSize) return null;
    if (header.subarray(4, 8).toString('latin1') === type) return { offset, size, headerSize };
    offset += size;
  }
  return null;
}

async function mp4DurationMs(read: ReadAt, fileSize: number): Promise<number | null> {
  const moov = await findBox(read, 0, fileSize, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(read, moov.offset + moov.headerSize, moov.offset + moov.size, 'mvhd');
  if (!mvhd) return null;
  const body = await read(mvhd.offset + mvhd.headerSize, 32);
  const version = body[0];
  // Version 1 has 64-bit creation, modification and duration fields; version 0 has 32-bit ones.
  const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
  const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
  if (!timescale || !duration || duration === 0xffffffff) return null;
  return Math.round((duration / timescale) * 1000);
}

const EBML_MAGIC = 0x1a45dfa3;
/** A WebM names its duration in the segment's Info, which muxers write within the first kilobytes. */
const WEBM_HEAD_BYTES = 64 * 1024;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** An EBML variable-length number at `offset`: its value (marker bit cleared unless `raw`) and length. */
function vint(
  buffer: Buffer,
  offset: number,
  raw: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = buffer[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > buffer.length) return null;
  let value = raw ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = buffer[offset + index]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !raw && allOnes };
}

/** Duration in ms from a WebM's first bytes: EBML header, then Segment → Info → Duration × TimecodeScale. */
function webmDurationMs(buffer: Buffer): number | null {
  let offset = 0;
  let end = buffer.length;
  let scaleNs = 1_000_000;
  let duration: number | null = null;
  while (offset < end) {
    const id = vint(buffer, offset, true);
    if (!id) return null;
    const size = vint(buffer, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    // Descend into the segment and its info; skip every other element.
    if (id.value === SEGMENT) {
      offset = dataStart;
      continue;
    }
    if (id.value === INFO) {
      end = size.unknown ? buffer.length : Math.min(buffer.length, dataStart + size.value);
      offset = dataStart;
      continue;
    }
    if (id.value === TIMECODE_SCALE && size.value <= 8) scaleNs = buffer.readUIntBE(dataStart, size.value);
    if (id.value === DURATION && dataStart + size.value <= buffer.length) {
      if (size.value === 4) duration = buffer.readFloatBE(dataStart);
      if (size.value === 8) duration = buffer.readDoubleBE(dataStart);
    }
    if (size.unknown) return null;
    offset = dataStart + size.value;
  }
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return null;
  return Math.round((duration * scaleNs) / 1_000_000);
}

/**
 * The length of each stored video, probed once per process: media files are named by their
 * content hash, so a name's duration never changes (decision 072).
 */
export class MediaDurations {
  private readonly known = new Map<string, Promise<number | null>>();

  constructor(private readonly mediaDir: string) {}

  /** The run time in ms of a video at `/media/<name>`, or null for any other address or an unreadable file. */
  async videoMs(mediaUrl: string | null): Promise<number | null> {
    const name = storedMediaName(mediaUrl);
    if (!name) return null;
    let probe = this.known.get(name);
    if (!probe) {
      probe = probeVideoMs(path.join(this.mediaDir, name));
      this.known.set(name, probe);
      // A file not (yet) there is asked again next time rather than remembered as unreadable.
      probe.then((ms) => ms === null && this.known.delete(name));
    }
    return probe;
  }
}

/** The file name of a stored medium (`/media/<sha256>.<ext>`), or null for an address elsewhere. */
function storedMediaName(mediaUrl: string | null): string | null {
  const match = mediaUrl ? /^\/media\/([0-9a-f]{64}\.[a-z0-9]{2,5})$/.exec(mediaUrl) : null;
  return match ? match[1]! : null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaDurations: MediaDurations;
  }
}

export default fp(
  async function mediaDurationsPlugin(app: FastifyInstance, options: { mediaDir: string }) {
    app.decorate('mediaDurations', new MediaDurations(options.mediaDir));
  },
  { name: 'media-durations' },
);
