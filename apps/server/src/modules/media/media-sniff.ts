import type { AdType } from '@adloop/contract/ads';

export interface SniffedMedia {
  type: AdType;
  mimeType: string;
  extension: string;
}

/** Enough of a file's start to tell every accepted format (WebM names its DocType in the EBML header). */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** ISO base media brands of MP4 video; HEIC/AVIF images and audio-only M4A share the box but not these. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);

/**
 * The media type of a file from its magic bytes alone (docs/design.md §4a): never from its name or the
 * Content-Type a client claims. Anything not listed here, an executable included, is null.
 */
export function sniffMedia(head: Buffer): SniffedMedia | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'IMAGE', mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { type: 'IMAGE', mimeType: 'image/png', extension: 'png' };
  }
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') {
    return { type: 'IMAGE', mimeType: 'image/gif', extension: 'gif' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { type: 'IMAGE', mimeType: 'image/webp', extension: 'webp' };
  }
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) {
    return { type: 'VIDEO', mimeType: 'video/mp4', extension: 'mp4' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes('webm', 4, 'latin1')) {
    return { type: 'VIDEO', mimeType: 'video/webm', extension: 'webm' };
  }
  return null;
}
