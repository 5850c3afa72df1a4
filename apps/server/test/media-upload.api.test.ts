import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.ts';
import { bearer, loginAs, signInAs } from './helpers/sign-in.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

const demo = (name: string) => readFile(fileURLToPath(new URL(`../assets/demo/${name}`, import.meta.url)));

/** A valid 1×1 PNG, built here so the test owns its bytes. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0x80, 0x00, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body with one part; the name and Content-Type are the client's claims, never trusted. */
function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----adloop${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databaseKinds)('media upload on %s', (kind) => {
  let t: TestApp;
  let companyAdmin: string;
  // Small limits, so "too large" needs kilobytes, not 200 MB.
  const limits = { imageMaxBytes: 32 * 1024, videoMaxBytes: 100 * 1024 };

  beforeAll(async () => {
    t = await createTestApp(kind, { uploadLimits: limits });
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN');
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename: string, contentType: string, token = companyAdmin, field = 'file') => {
    const body = multipart(bytes, filename, contentType, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/ads/media',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async () => (await readdir(t.mediaDir)).filter((name) => !name.startsWith('.'));

  it('stores a PNG under its content hash, once however often it is sent', async () => {
    const png = tinyPng();
    const first = await upload(png, 'logo.png', 'image/png');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      media_url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      type: 'IMAGE',
      mime_type: 'image/png',
      size_bytes: png.length,
      duration_seconds: null,
    });
    const again = await upload(png, 'other-name.jpg', 'application/octet-stream');
    expect(again.json().data.media_url).toBe(first.json().data.media_url);
    expect(await stored()).toHaveLength(1);
    const served = await t.app.inject({ method: 'GET', url: first.json().data.media_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('stores a WebM video once, serves byte ranges of it (206) so players can seek, and takes MP4 too', async () => {
    const webm = await demo('morning-rush.webm');
    const own = await createTestApp(kind, { uploadLimits: { ...limits, videoMaxBytes: 1024 * 1024 } });
    try {
      const token = await loginAs(own.app, await createUser(own.db, { role: 'GLOBAL_ADMIN' }));
      const send = (bytes = webm) => {
        const body = multipart(bytes, 'clip.bin', 'text/plain');
        return own.app.inject({
          method: 'POST',
          url: '/api/ads/media',
          headers: { ...bearer(token), ...body.headers },
          payload: body.payload,
        });
      };
      const first = await send();
      expect(first.statusCode).toBe(201);
      // The run time read from the file (decision 072).
      expect(first.json().data).toMatchObject({
        type: 'VIDEO',
        mime_type: 'video/webm',
        size_bytes: webm.length,
        duration_seconds: 6,
      });
      expect((await send()).json().data.media_url).toBe(first.json().data.media_url);
      expect((await readdir(own.mediaDir)).filter((name) => !name.startsWith('.'))).toHaveLength(1);

      const range = await own.app.inject({
        method: 'GET',
        url: first.json().data.media_url,
        headers: { range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 0-99/${webm.length}`);
      expect(range.rawPayload.equals(webm.subarray(0, 100))).toBe(true);

      const mp4 = await send(await demo('morning-rush.mp4'));
      expect(mp4.json().data).toMatchObject({ type: 'VIDEO', mime_type: 'video/mp4' });
      expect(mp4.json().data.media_url).toMatch(/\.mp4$/);
    } finally {
      await own.close();
    }
  });

  it.each([
    [
      'an ELF executable renamed .png',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]),
    ],
    ['a Windows executable renamed .png', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 400 "Unsupported file type"', async (_name, bytes) => {
    const response = await upload(bytes, 'innocent.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Unsupported file type');
    expect(response.json().details).toEqual([{ path: 'file', message: 'Unsupported file type' }]);
  });

  it('refuses an image over its limit with 413, before reading the rest, and keeps nothing', async () => {
    const before = await stored();
    const oversized = Buffer.concat([tinyPng(), Buffer.alloc(limits.imageMaxBytes)]);
    const response = await upload(oversized, 'huge.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Images are limited to 32 KB' });
    expect(await stored()).toEqual(before);
    expect(await readdir(`${t.mediaDir}/.incoming`)).toEqual([]);
  });

  it('refuses a video over the video limit with 413', async () => {
    const webm = await demo('morning-rush.webm');
    expect(webm.length).toBeGreaterThan(limits.videoMaxBytes);
    const response = await upload(webm, 'long.webm', 'video/webm');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('Videos are limited');
  });

  it('needs the field "file", a multipart body, and the right to create ads', async () => {
    const wrongField = await upload(tinyPng(), 'a.png', 'image/png', companyAdmin, 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0].path).toBe('file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/ads/media',
      headers: bearer(companyAdmin),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // Outlet staff upload for their house content (decision 090); a user with no role mapped may not.
    const unmapped = await signInAs(t, 'UNMAPPED');
    expect((await upload(tinyPng(), 'a.png', 'image/png', unmapped)).statusCode).toBe(403);
    const anonymous = multipart(tinyPng(), 'a.png', 'image/png');
    const noToken = await t.app.inject({ method: 'POST', url: '/api/ads/media', ...anonymous });
    expect(noToken.statusCode).toBe(401);
  });

  it('never serves unfinished uploads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/.incoming/anything' });
    expect(response.statusCode).toBe(404);
  });

  it('limits uploads per user to 60 a minute (429 naming the wait); other users are unaffected', async () => {
    const busy = await signInAs(t, 'COMPANY_ADMIN');
    const png = tinyPng();
    const codes: number[] = [];
    for (let n = 0; n < 60; n += 1) codes.push((await upload(png, 'a.png', 'image/png', busy)).statusCode);
    expect(codes.every((code) => code === 201)).toBe(true);
    const over = await upload(png, 'a.png', 'image/png', busy);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('try again in') });
    const other = await signInAs(t, 'COMPANY_ADMIN');
    expect((await upload(png, 'a.png', 'image/png', other)).statusCode).toBe(201);
  });
});
