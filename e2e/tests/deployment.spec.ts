import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request as requests, test } from '@playwright/test';
import { eventReader, freshDatabase, postJsonFrom, type ServerProcess, startServer } from '../support/deployment.ts';
import { authenticateScreen, bearer, tokenOf } from '../support/factories.ts';
import { startNginx, UPSTREAM_HEADER } from '../support/nginx.ts';

/**
 * deploy/compose.yaml as far as it runs without Docker (decision 061): the production build, two
 * server processes on one PostgreSQL, one Redis and one media directory, behind the recipe's own
 * nginx.conf in Debian's nginx (e2e/support/nginx.ts).
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const ADMIN = { email: 'admin@deploy.adloop.test', password: `deploy-${randomBytes(9).toString('base64url')}` };
const SCREEN = { code: 'DEMO-SCREEN-01', passcode: '246802' };
// nginx reaches the servers from 127.0.0.1: a client of another address tells X-Forwarded-For's apart.
const CLIENT_ADDRESS = '127.0.0.3';
const demoImage = readFileSync(new URL('../../apps/server/assets/demo/cold-brew.jpg', import.meta.url));

test.describe('deployment: two server processes behind nginx', () => {
  test.skip(
    !DATABASE_URL || !REDIS_URL,
    'needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis), as .ci/run sets: several processes need both',
  );

  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    database = await freshDatabase(DATABASE_URL);
    dataDir = mkdtempSync(path.join(tmpdir(), 'adloop-deploy-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_CHANNEL: `adloop-e2e-deploy:${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_SCREEN_PASSCODE: SCREEN.passcode,
      DEMO_USER_PASSWORD: `staff-${randomBytes(9).toString('base64url')}`,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      // A busy shared machine's loop lag is not the servers' own load (as e2e/support/start-server.mjs).
      ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '1000',
    };
    // As in compose.yaml: the second starts once the first has migrated and seeded the database.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    proxy = await startNginx(servers.map((server) => server.origin));
    api = await requests.newContext({ baseURL: proxy.origin });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [index, server] of servers.entries()) {
      await testInfo.attach(`server-${index + 1}.log`, { body: server.output.join('') });
    }
    for (const [name, body] of Object.entries(proxy?.logs() ?? {})) await testInfo.attach(name, { body });
  });

  const origins = () => servers.map((server) => server.origin).sort();
  /** The server that answered through nginx, by the `$upstream_addr` it names. */
  const answeredBy = (address: string | null | undefined) => `http://${address}`;

  test('both processes are healthy, and the proxy answers from each in turn', async () => {
    const answered = [];
    for (let i = 0; i < 2; i++) {
      const health = await api.get('/api/health');
      expect(health.status()).toBe(200);
      expect((await health.json()).data).toMatchObject({ status: 'ok', database: { kind: 'postgres', ok: true } });
      answered.push(answeredBy(health.headers()[UPSTREAM_HEADER]));
    }
    expect(answered.sort()).toEqual(origins());
  });

  test('the built web app is served through the proxy', async ({ page }) => {
    await page.goto(`${proxy!.origin}/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test("staff sign in through the proxy, one process's token is good on the other, and the client's address comes from X-Forwarded-For", async () => {
    // A forged X-Forwarded-For from the client: nginx appends the client's address, the one hop trusted.
    const login = await postJsonFrom(CLIENT_ADDRESS, `${proxy!.origin}/api/auth/login`, ADMIN, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = (login.body as { data: { token: string } }).data.token;
    const checked = [];
    for (let i = 0; i < 2; i++) {
      const verify = await api.post('/api/auth/verify', { headers: bearer(token) });
      expect(verify.status()).toBe(200);
      checked.push(answeredBy(verify.headers()[UPSTREAM_HEADER]));
    }
    expect(checked.sort()).toEqual(origins());
    // nginx connects from 127.0.0.1; with TRUST_PROXY=1 the session names the client's address.
    expect(await database!.query('select distinct ip from staff_sessions')).toEqual([{ ip: CLIENT_ADDRESS }]);
  });

  test('a file uploaded through one process is served by the other (one media directory)', async () => {
    const token = await tokenOf(api, ADMIN);
    // Bytes after the JPEG's end make a file of its own (media are named by content hash).
    const image = Buffer.concat([demoImage, randomBytes(32)]);
    const upload = await api.post('/api/ads/media', {
      headers: bearer(token),
      multipart: { file: { name: 'deploy.jpg', mimeType: 'image/jpeg', buffer: image } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { media_url: mediaUrl } = (await upload.json()).data;
    const uploadedBy = answeredBy(upload.headers()[UPSTREAM_HEADER]);
    const other = origins().find((origin) => origin !== uploadedBy);
    const served = await fetch(`${other}${mediaUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  test("an ad edited through one process reaches a screen's event stream, through the proxy, on the other (Redis)", async () => {
    const screenToken = await authenticateScreen(api, SCREEN.code, SCREEN.passcode);
    const list = await api.get('/api/screen-auth/ads', { headers: bearer(screenToken) });
    expect(list.status()).toBe(200);
    const [ad] = (await list.json()).data as { id: string }[];
    expect(ad).toBeDefined();

    const stream = await fetch(`${proxy!.origin}/api/screen-auth/events`, { headers: bearer(screenToken) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const streamedBy = answeredBy(stream.headers.get(UPSTREAM_HEADER));
    const other = origins().find((origin) => origin !== streamedBy);
    const events = eventReader(stream.body!);
    try {
      await events.next('hello');
      const staffToken = await tokenOf(api, ADMIN);
      const edit = await fetch(`${other}/api/ads/${ad!.id}`, {
        method: 'PATCH',
        headers: { ...bearer(staffToken), 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Edited on the other process' }),
      });
      expect(edit.status, await edit.text()).toBe(200);
      expect(await events.next('ads-changed')).toMatchObject({ ad_ids: [ad!.id] });
      // The streaming process dropped its cached list on the event: the screen sees the edit at once.
      const fresh = await fetch(`${streamedBy}/api/screen-auth/ads`, { headers: bearer(screenToken) });
      const titles = ((await fresh.json()) as { data: { id: string; title: string }[] }).data;
      expect(titles.find((row) => row.id === ad!.id)?.title).toBe('Edited on the other process');
    } finally {
      await events.cancel();
    }
  });
});
