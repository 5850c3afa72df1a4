import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaDurations, probeVideoMs } from './media-duration.ts';

const demo = (name: string) => fileURLToPath(new URL(`../../../assets/demo/${name}`, import.meta.url));

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1'));
/** A version-0 movie header: 32-bit times, timescale, duration. */
const mvhd0 = (timescale: number, duration: number) => {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
};
/** A version-1 movie header: 64-bit times and duration. */
const mvhd1 = (timescale: number, duration: bigint) => {
  const body = Buffer.alloc(112);
  body[0] = 1;
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(duration, 24);
  return box('mvhd', body);
};
/** An mdat of `bytes` with a 64-bit size, as muxers write large files. */
const largeMdat = (bytes: number) => {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write('mdat', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + bytes), 8);
  return Buffer.concat([header, Buffer.alloc(bytes)]);
};
const ebml = (id: number[], payload: Buffer, unknownSize = false) => {
  if (unknownSize)
    return Buffer.concat([Buffer.from(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), payload]);
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(payload.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, payload]);
};
const webm = (durationTicks: number, scaleNs: number, segmentUnknown: boolean) => {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const scale = Buffer.alloc(4);
  scale.writeUInt32BE(scaleNs);
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationTicks);
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([ebml([0x2a, 0xd7, 0xb1], scale), ebml([0x44, 0x89], duration)]),
  );
  const seekHead = ebml([0x11, 0x4d, 0x9b, 0x74], Buffer.alloc(20));
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([seekHead, info]), segmentUnknown)]);
};

describe('video duration probe', () => {
  let dir: string;
  const file = async (name: string, bytes: Buffer) => {
    const target = path.join(dir, name);
    await writeFile(target, bytes);
    return target;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'adloop-probe-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads the demo videos' 6 s from their containers", async () => {
    expect(await probeVideoMs(demo('morning-rush.mp4'))).toBe(6000);
    expect(await probeVideoMs(demo('morning-rush.webm'))).toBe(6000);
    expect(await probeVideoMs(demo('cold-brew.jpg'))).toBeNull();
  });

  it('reads an MP4 whose movie header comes after a 64-bit media box, and a version-1 header', async () => {
    const atEnd = Buffer.concat([ftyp, box('free'), largeMdat(4096), box('moov', mvhd0(90_000, 1_350_000))]);
    expect(await probeVideoMs(await file('end.mp4', atEnd))).toBe(15_000);
    const v1 = Buffer.concat([ftyp, box('moov', box('udta'), mvhd1(1000, 1_800_000n)), box('mdat')]);
    expect(await probeVideoMs(await file('v1.mp4', v1))).toBe(1_800_000);
  });

  it('reads a WebM segment of known or unknown size, with its timecode scale', async () => {
    expect(await probeVideoMs(await file('a.webm', webm(3300, 1_000_000, false)))).toBe(3300);
    expect(await probeVideoMs(await file('b.webm', webm(42, 100_000_000, true)))).toBe(4200);
  });

  it('answers null, never throws, for what does not say: no moov, a zero duration, truncation, a box that claims nothing', async () => {
    const cases: Record<string, Buffer> = {
      'no-moov.mp4': Buffer.concat([ftyp, box('mdat', Buffer.alloc(64))]),
      'zero.mp4': Buffer.concat([ftyp, box('moov', mvhd0(1000, 0))]),
      'truncated.mp4': Buffer.concat([ftyp, box('moov', mvhd0(1000, 5000))]).subarray(0, 50),
      'tiny-box.mp4': Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4, 0x66, 0x72, 0x65, 0x65])]),
      'truncated.webm': webm(3300, 1_000_000, false).subarray(0, 40),
      'empty.mp4': Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases))
      expect(await probeVideoMs(await file(name, bytes)), name).toBeNull();
    expect(await probeVideoMs(path.join(dir, 'missing.mp4'))).toBeNull();
  });

  it('probes stored media by address only, and asks again for a file that was not there yet', async () => {
    const durations = new MediaDurations(dir);
    const name = `${'a'.repeat(64)}.mp4`;
    expect(await durations.videoMs(`/media/${name}`)).toBeNull();
    await file(name, Buffer.concat([ftyp, box('moov', mvhd0(1000, 6000))]));
    expect(await durations.videoMs(`/media/${name}`)).toBe(6000);
    expect(await durations.videoMs('https://cdn.example.com/clip.mp4')).toBeNull();
    expect(await durations.videoMs(`/media/../${name}`)).toBeNull();
    expect(await durations.videoMs(null)).toBeNull();
  });
});
