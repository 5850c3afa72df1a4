import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sniffMedia } from './media-sniff.ts';

const demo = (name: string) => readFileSync(fileURLToPath(new URL(`../../../assets/demo/${name}`, import.meta.url)));
const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMedia: type by magic bytes only', () => {
  it.each([
    ['JPEG', demo('cold-brew.jpg'), 'image/jpeg'],
    ['WebM', demo('morning-rush.webm'), 'video/webm'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]), 'video/mp4'],
  ])('knows %s', (_name, head, mimeType) => {
    expect(sniffMedia(head)?.mimeType).toBe(mimeType);
  });

  it.each([
    ['an ELF executable', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a HEIC image in an ftyp box', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['a Matroska file that is not WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88], 'matroska')],
    ['an SVG (scripts inside)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['nothing at all', Buffer.alloc(0)],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e])],
  ])('refuses %s', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });
});
