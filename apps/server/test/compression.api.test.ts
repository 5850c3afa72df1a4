import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

const robotsTxt = fileURLToPath(new URL('../../web/public/robots.txt', import.meta.url));

/** A built web app in miniature: an entry script and index.html, each with the .br and .gz the build writes. */
async function fakeWebBuild() {
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-web-'));
  await mkdir(path.join(dir, 'assets'));
  const script = Buffer.from(
    `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen ${i}`))};\n`,
  );
  const html = Buffer.from(
    `<!doctype html><title>AdLoop</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`,
  );
  for (const [file, body] of [
    ['assets/index-abc123.js', script],
    ['index.html', html],
  ] as const) {
    await writeFile(path.join(dir, file), body);
    await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(body));
    await writeFile(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  await copyFile(robotsTxt, path.join(dir, 'robots.txt'));
  return { dir, script, html };
}

describe.each(databaseKinds)('compressed answers on %s', (kind) => {
  let t: TestApp;
  let web: Awaited<ReturnType<typeof fakeWebBuild>>;
  let token: string;
  beforeAll(async () => {
    web = await fakeWebBuild();
    t = await createTestApp(kind, { webDistDir: web.dir });
    token = await signInAs(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(web.dir, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli file of a built script to a client that accepts br', async () => {
    const response = await getAsset('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(web.script.length / 3);
    expect(brotliDecompressSync(response.rawPayload)).toEqual(web.script);
  });

  it('sends the gzip file to a client that accepts gzip only', async () => {
    const response = await getAsset('gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload)).toEqual(web.script);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying on it', async () => {
    for (const response of [await getAsset(), await getAsset('identity')]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload).toEqual(web.script);
    }
  });

  it("sends the SPA's index.html compressed for a page route", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard/ads', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload)).toEqual(web.html);
  });

  it('serves robots.txt as text that keeps crawlers out of the dashboard, the API and the player', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toMatch(/<html|<!doctype/i);
    const rules = response.body.split('\n').map((line) => line.trim());
    expect(rules).toContain('User-agent: *');
    expect(rules).toEqual(expect.arrayContaining(['Allow: /$', 'Allow: /pricing']));
    expect(rules).toEqual(
      expect.arrayContaining(['Disallow: /dashboard', 'Disallow: /api/', 'Disallow: /ad/screen', 'Disallow: /r/']),
    );
  });

  it('compresses a large JSON list for a client that asks, and leaves it plain for one that does not', async () => {
    const company = await createCompany(t.db);
    for (let i = 0; i < 30; i += 1) await createAd(t.db, company.id, { title: `Monsoon offer ${i}` });
    const url = '/api/ads?pageSize=100';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(5_000);

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(token), 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('leaves small JSON answers uncompressed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it("compresses a screen's ad list, keeps its ETag and still answers 304 when unchanged", async () => {
    const company = await createCompany(t.db);
    for (let i = 0; i < 10; i += 1) await createAd(t.db, company.id, { title: `Screen offer ${i}` });
    const session = await connectScreen(t.app, await createScreen(t.db, (await createOutlet(t.db)).id));
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/screen-auth/ads',
        headers: { ...bearer(session.access_token), ...headers },
      });

    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    const again = await get({ 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(plain.json());

    const unchanged = await get({
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
  });

  it("never compresses a screen's event stream", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const session = await connectScreen(t.app, await createScreen(t.db, (await createOutlet(t.db)).id));
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/screen-auth/events`, {
      headers: { ...bearer(session.access_token), 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
      // The first frames arrive as written, before anything else happens on the stream.
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('event: hello')) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      expect(text).toContain('event: hello');
    } finally {
      controller.abort();
    }
  });
});
