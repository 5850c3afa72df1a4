import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { filePart, type MultipartPart, multipartBody } from './raw-http.ts';

/** The start of a PNG: the server judges an upload by its magic bytes alone. */
export const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** The start of a JPEG, as a screen's screenshot starts. */
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
/** An MP4's first box with a video brand, then whatever follows: a video the server must look into. */
export const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

export const BOUNDARY = 'adloopFuzzBoundary7MA4YWxk';

/** One malformed form for POST /api/ads/media: its Content-Type, its bytes, and what the 400 must say. */
export interface MalformedForm {
  what: string;
  contentType: string;
  body: Buffer;
  says: RegExp;
}

const form = (parts: MultipartPart[], close = true) => multipartBody(BOUNDARY, parts, close);
const png = (options: Parameters<typeof filePart>[1] = {}) =>
  filePart(PNG_HEAD, { filename: 'logo.png', type: 'image/png', ...options });
const ofBoundary = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** Every malformed form the issue names, each answered with exactly 400 and this message. */
export function malformedForms(): MalformedForm[] {
  const whole = form([png()]);
  const endedEarly = /ended early/;
  return [
    { what: 'no boundary', contentType: 'multipart/form-data', body: whole, says: /no boundary/ },
    {
      what: 'no boundary, a charset',
      contentType: 'multipart/form-data; charset=utf-8',
      body: whole,
      says: /no boundary/,
    },
    { what: 'an empty boundary', contentType: ofBoundary(''), body: whole, says: endedEarly },
    { what: 'a wrong boundary', contentType: ofBoundary('not-the-one-in-the-body'), body: whole, says: endedEarly },
    { what: 'a boundary over 250 characters', contentType: ofBoundary('b'.repeat(300)), body: whole, says: /boundary/ },
    { what: 'cut in the part headers', contentType: ofBoundary(), body: whole.subarray(0, 40), says: endedEarly },
    {
      what: 'cut in the file',
      contentType: ofBoundary(),
      body: whole.subarray(0, whole.length - 40),
      says: endedEarly,
    },
    { what: 'no closing boundary', contentType: ofBoundary(), body: form([png()], false), says: endedEarly },
    {
      what: 'garbage',
      contentType: ofBoundary(),
      body: Buffer.from('\u0000\u00ff--x\r\n'.repeat(50)),
      says: endedEarly,
    },
    {
      what: 'huge part headers',
      contentType: ofBoundary(),
      body: form([{ headers: [`X-Padding: ${'a'.repeat(100_000)}`, ...png().headers], body: PNG_HEAD }]),
      says: /field "file"/,
    },
    {
      what: 'many parts',
      contentType: ofBoundary(),
      body: form([
        ...Array.from({ length: 40 }, (_, n) => filePart(Buffer.from('x'), { field: `f${n}`, type: 'text/plain' })),
        png(),
      ]),
      says: /too many fields/,
    },
    {
      what: 'many files',
      contentType: ofBoundary(),
      body: form([png({ field: 'other' }), png(), png()]),
      says: /field "file"/,
    },
    {
      what: 'an empty file',
      contentType: ofBoundary(),
      body: form([filePart(Buffer.alloc(0), { filename: 'empty.png', type: 'image/png' })]),
      says: /Unsupported file type/,
    },
    {
      what: 'a part without a filename',
      contentType: ofBoundary(),
      body: form([{ headers: ['Content-Disposition: form-data; name="file"'], body: PNG_HEAD }]),
      says: /field "file"/,
    },
    { what: 'no parts', contentType: ofBoundary(), body: Buffer.from(`--${BOUNDARY}--\r\n`), says: /field "file"/ },
  ];
}

const garbage = fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes));
/** What a file part or a binary body holds: real magic bytes, magic bytes then garbage, garbage, nothing. */
const fileBytes = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(PNG_HEAD, JPEG_HEAD, MP4_HEAD, Buffer.alloc(0)) },
  fc.tuple(fc.constantFrom(PNG_HEAD, JPEG_HEAD, MP4_HEAD), garbage).map(([head, tail]) => Buffer.concat([head, tail])),
  garbage,
);

const partHeaderLines = fc.array(
  fc.constantFrom(
    'X-Note: hello',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment',
    'a line without a colon',
    `X-Padding: ${'p'.repeat(90_000)}`,
  ),
  { maxLength: 2, size: 'xsmall' },
);

const part = fc
  .record({
    field: fc.constantFrom('file', 'file', 'file', 'other', '__proto__', '', 'file"; filename="x.png'),
    filename: fc.option(fc.constantFrom('a.png', 'a.png', '', '../../etc/passwd', 'é ☕.png', 'x'.repeat(300)), {
      nil: undefined,
      freq: 4,
    }),
    type: fc.constantFrom('image/png', 'application/octet-stream', 'application/json', 'text/plain; charset=utf-7', ''),
    extra: partHeaderLines,
    body: fc.oneof(fileBytes, fc.constantFrom(Buffer.from('{"a":'), Buffer.from('{"a":1}'))),
  })
  .map(({ field, filename, type, extra, body }): MultipartPart => {
    const made = filePart(body, { field, filename, type });
    return { headers: [...extra, ...made.headers], body };
  });

/** Content-Types a multipart client might send: right, unquoted, quoted, twice, odd case and charset, none at all. */
const formContentType = fc.constantFrom(
  ofBoundary(),
  ofBoundary(),
  `multipart/form-data; boundary="${BOUNDARY}"`,
  `Multipart/Form-Data; BOUNDARY=${BOUNDARY}`,
  `multipart/form-data; charset=utf-7; boundary=${BOUNDARY}`,
  `${ofBoundary()}; boundary=second`,
  `multipart/form-data; boundary=${BOUNDARY}; boundary=`,
  'multipart/form-data',
  'multipart/form-data;',
  ofBoundary(''),
  ofBoundary('other'),
  `multipart/mixed; boundary=${BOUNDARY}`,
);

/** How a form is broken, if it is: not at all (a third of them, so some are stored), unclosed, cut short, or spliced. */
const damage = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  fc.constant({ kind: 'unclosed' as const }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), bytes: garbage }),
);

/** A form for POST /api/ads/media, well made or broken. */
export const fuzzedForm = fc
  .record({
    contentType: fc.oneof({ weight: 3, arbitrary: fc.constant(ofBoundary()) }, formContentType),
    parts: fc.array(part, { minLength: 1, maxLength: 8, size: 'small' }),
    damage,
  })
  .map(({ contentType, parts, damage }) => {
    const body = multipartBody(BOUNDARY, parts, damage.kind !== 'unclosed');
    if (damage.kind === 'cut') return { contentType, body: body.subarray(0, damage.at % (body.length + 1)) };
    if (damage.kind !== 'splice') return { contentType, body };
    const at = damage.at % (body.length + 1);
    return { contentType, body: Buffer.concat([body.subarray(0, at), damage.bytes, body.subarray(at)]) };
  });

/** A screen's screenshot upload, as a broken or hostile player might send it. */
export const fuzzedScreenshot = fc.record({
  contentType: fc.option(
    fc.constantFrom(
      'image/jpeg',
      'application/octet-stream',
      'image/jpeg; charset=utf-8',
      'IMAGE/JPEG',
      'image/jpeg;',
      'image/jpeg; q="unterminated',
      'image/jpeg, text/plain',
      'image/png',
      'application/json',
      'text/plain',
      ofBoundary(),
    ),
    { nil: undefined },
  ),
  body: fileBytes,
  chunked: fc.boolean(),
  query: fc.constantFrom(
    `?request_id=${randomUUID()}`,
    '',
    '?request_id=not-a-uuid',
    `?request_id=${randomUUID()}&ad_title=%00`,
    `?request_id=${randomUUID()}&ad_id=${randomUUID()}&takeover_id=x`,
    `?request_id=${randomUUID()}&request_id=${randomUUID()}`,
  ),
});

/** Content codings a client may claim for its body: known, unknown, listed, odd case, empty. */
export const ENCODINGS = [
  'gzip',
  'deflate',
  'br',
  'x-unknown',
  'GZIP',
  'gzip, br',
  'identity, gzip',
  'compress',
  'zstd',
];

/** The bytes as the coding would make them, or as they are for a coding nobody implements. */
export function encoded(encoding: string, bytes: Buffer): Buffer {
  const first = encoding.split(',')[0]!.trim().toLowerCase();
  if (first === 'gzip') return gzipSync(bytes);
  if (first === 'deflate') return deflateSync(bytes);
  if (first === 'br') return brotliCompressSync(bytes);
  return bytes;
}

/** Content-Types for a JSON route: right, wrong, with odd parameters and charsets, or none. */
export const JSON_CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset="',
  'Application/JSON',
  'application/json;;;',
  'application/json, text/plain',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data',
  'application/octet-stream',
  'image/jpeg',
  '*/*',
  '',
  ';',
];
