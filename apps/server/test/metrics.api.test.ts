import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { alertDeliveries, alerts } from '../src/db/schema.ts';
import { adAndScreen, createUser, honestPlayTimes, reportedPlay } from './helpers/factories.ts';
import { validateResponses } from './helpers/response-validation.ts';
import { bearer, connectScreen, loginAs } from './helpers/sign-in.ts';
import { createTestApp, databaseKinds, TEST_ADMISSION, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample of Prometheus text: `name{labels} value`, the labels exactly these. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(/,(?=[a-zA-Z_]\w*=")/).sort() : [];
    if (present.join(',') === wanted.join(',')) return Number(match[3]);
  }
  return undefined;
}

/** A web build of one page, so a path the API does not know would fall back to the SPA. */
async function webBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-web-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>AdLoop</title>');
  return dir;
}

describe.each(databaseKinds)('GET /metrics without METRICS_TOKEN on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await webBuild();
    t = await createTestApp(kind, { webDistDir: webDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers a JSON 404, as an unknown path outside the web app would, never the SPA page', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Route GET /metrics not found', code: 'NOT_FOUND' });
    }
    // The SPA does answer other paths here.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe.each(databaseKinds)('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  /** Apps of their own on the test's database, built as server.ts builds one with METRICS_TOKEN set. */
  const metricsApps: FastifyInstance[] = [];
  let app: FastifyInstance;

  async function appWithMetrics(options: Partial<AppOptions> = {}) {
    const built = await buildApp({
      database: t.database,
      jwtSecret: t.jwtSecret,
      mediaDir: t.mediaDir,
      webDistDir: webDir,
      metricsToken: TOKEN,
      ...options,
      admission: { ...TEST_ADMISSION, ...options.admission },
    });
    metricsApps.push(built);
    validateResponses(built);
    await built.ready();
    return built;
  }

  const scrape = async (target = app) => {
    const response = await target.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    webDir = await webBuild();
    t = await createTestApp(kind);
    app = await appWithMetrics();
  });
  afterAll(async () => {
    for (const built of metricsApps) await built.close();
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  /** A signed-in screen of its own outlet, with one ad on its list, and a batch of plays it could have shown. */
  async function playingScreen() {
    const { company, outlet, ad, screen } = await adAndScreen(t.db, { title: 'Espresso' });
    const session = await connectScreen(app, screen);
    const batch = (count: number, start = new Date(Date.now() - 3_600_000)) => ({
      logs: honestPlayTimes(start, count).map((times) => reportedPlay(ad, screen, times)),
    });
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/playback-logs/log',
        headers: bearer(session.access_token),
        payload,
      });
    return { company, outlet, ad, screen, session, batch, post };
  }

  it('answers 401 with the error body without the token, with a wrong one or another scheme', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      bearer('metrics-token-for-tests-0123456788'),
      bearer(`${TOKEN}x`),
      bearer(''),
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect([headers, response.statusCode]).toEqual([headers, 401]);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toEqual({ message: expect.stringContaining('METRICS_TOKEN'), code: 'UNAUTHORIZED' });
    }
  });

  it('answers Prometheus text with the process metrics to the token, and stays out of the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(sample(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(response.body, 'adloop_plays_stored_total')).toBeGreaterThanOrEqual(0);

    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
  });

  it('counts plays stored, duplicates of a resent batch and refusals by reason', async () => {
    const s = await playingScreen();
    const before = await scrape();
    const stored = (text: string) => sample(text, 'adloop_plays_stored_total')!;
    const duplicates = (text: string) => sample(text, 'adloop_plays_duplicate_total')!;
    const unknownAd = (text: string) =>
      sample(text, 'adloop_plays_refused_total', { reason: 'ad_id is not a known ad' }) ?? 0;

    const batch = s.batch(3);
    const first = await s.post(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.stored).toHaveLength(3);
    const afterFirst = await scrape();
    expect(stored(afterFirst) - stored(before)).toBe(3);
    expect(duplicates(afterFirst) - duplicates(before)).toBe(0);

    // The screen did not hear the answer and sends the batch again.
    const resent = await s.post(batch);
    expect(resent.json().data.duplicates).toHaveLength(3);
    const afterResend = await scrape();
    expect(stored(afterResend) - stored(afterFirst)).toBe(0);
    expect(duplicates(afterResend) - duplicates(afterFirst)).toBe(3);

    const [play] = s.batch(1, new Date(Date.now() - 600_000)).logs;
    const refused = await s.post({ logs: [{ ...play!, ad_id: randomUUID() }] });
    expect(refused.json().data.refused).toEqual([{ id: play!.id, reason: 'ad_id is not a known ad' }]);
    const afterRefusal = await scrape();
    expect(unknownAd(afterRefusal) - unknownAd(afterResend)).toBe(1);
    expect(stored(afterRefusal)).toBe(stored(afterResend));
  });

  it('times requests by route pattern and status class, never by the raw URL', async () => {
    const s = await playingScreen();
    const staff = await loginAs(app, await createUser(t.db));
    const screenRoute = { method: 'GET', route: '/api/ad-screens/:id', status_class: '2xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    const count = (text: string, labels: Record<string, string>) =>
      sample(text, 'adloop_http_request_duration_seconds_count', labels) ?? 0;
    const before = await scrape();

    const staffView = await app.inject({
      method: 'GET',
      url: `/api/ad-screens/${s.screen.id}`,
      headers: bearer(staff),
    });
    expect(staffView.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/no-such-thing/${s.screen.id}` })).statusCode).toBe(404);
    expect((await s.post(s.batch(1))).statusCode).toBe(200);

    const after = await scrape();
    expect(count(after, screenRoute) - count(before, screenRoute)).toBe(1);
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    const plays = { method: 'POST', route: '/api/playback-logs/log', status_class: '2xx' };
    expect(count(after, plays) - count(before, plays)).toBe(1);
    expect(sample(after, 'adloop_http_request_duration_seconds_sum', screenRoute)).toBeGreaterThan(0);
    expect(after).not.toContain(s.screen.id);
  });

  it('reports screens online and undelivered alerts from the database at each scrape', async () => {
    const s = await playingScreen();
    const before = await scrape();
    const online = await app.inject({
      method: 'POST',
      url: '/api/screen-activity/online',
      headers: bearer(s.session.access_token),
      payload: {
        screen_id: s.screen.id,
        outlet_id: s.outlet.id,
        activity_date: new Date().toISOString().slice(0, 10),
        activity_time: new Date().toISOString().slice(11, 19),
        occurred_at: new Date().toISOString(),
        additional_info: { screen_code: s.screen.screenCode },
      },
    });
    expect(online.statusCode).toBe(200);

    const [alert] = await t.db
      .insert(alerts)
      .values({
        kind: 'OFFLINE',
        outletId: s.outlet.id,
        screenId: s.screen.id,
        screens: [{ id: s.screen.id, screen_code: s.screen.screenCode, name: s.screen.name }],
        startedAt: new Date(Date.now() - 600_000),
        raisedAt: new Date(),
      })
      .returning();
    const delivery = { alertId: alert!.id, nextAttemptAt: new Date() };
    await t.db.insert(alertDeliveries).values([
      { ...delivery, channel: 'WEBHOOK', target: 'https://hooks.example.com/pending' },
      { ...delivery, channel: 'WEBHOOK', target: 'https://hooks.example.com/sent', status: 'SENT', sentAt: new Date() },
      { ...delivery, channel: 'EMAIL', target: 'smtp', status: 'FAILED', attempts: 5 },
    ]);

    const after = await scrape();
    const grew = (name: string) => sample(after, name)! - sample(before, name)!;
    expect(grew('adloop_screens_online')).toBe(1);
    expect(grew('adloop_alert_deliveries_pending')).toBe(1);
  });

  it('counts open event streams while a screen holds one, and the events the bus carries', async () => {
    const s = await playingScreen();
    const streams = (text: string) => sample(text, 'adloop_screen_event_streams');
    expect(streams(await scrape())).toBe(0);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const stream = new AbortController();
    const response = await fetch(`${origin}/api/screen-auth/events`, {
      headers: bearer(s.session.access_token),
      signal: stream.signal,
    });
    try {
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: hello');
      expect(streams(await scrape())).toBe(1);

      const before = await scrape();
      await app.events.publish({ type: 'ads.changed', adIds: [s.ad.id] });
      const after = await scrape();
      const type = { type: 'ads.changed' };
      const grew = (name: string, labels: Record<string, string> = {}) =>
        (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      expect(grew('adloop_event_bus_published_total', type)).toBe(1);
      expect(grew('adloop_event_bus_delivered_total', type)).toBe(1);
      expect(grew('adloop_event_bus_delivery_seconds_count')).toBe(1);
    } finally {
      stream.abort();
    }
    await expect.poll(async () => streams(await scrape())).toBe(0);
  });

  it('is answered while admission control sheds screen requests, and counts what it shed', async () => {
    const s = await playingScreen();
    // No place for any screen request: every one is shed, as under overload.
    const full = await appWithMetrics({ admission: { maxScreenRequestsInFlight: 0 } });
    const shed = { route: 'GET /api/screen-auth/ads', reason: 'in_flight_limit' };
    const before = sample(await scrape(full), 'adloop_screen_requests_shed_total', shed) ?? 0;
    for (let i = 0; i < 2; i += 1) {
      const refused = await full.inject({
        method: 'GET',
        url: '/api/screen-auth/ads',
        headers: bearer(s.session.access_token),
      });
      expect(refused.statusCode).toBe(503);
    }
    expect(sample(await scrape(full), 'adloop_screen_requests_shed_total', shed)! - before).toBe(2);
  });
});
