import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeovers } from '../src/db/schema.ts';
import { startInstancePair } from './helpers/bus-instances.ts';
import { listenLocally, readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('emergency takeovers on %s', (kind) => {
  const t = useTestApp(kind);
  let origin: string;
  let outletA: { id: string };
  let outletB: { id: string };
  let screenA1: Awaited<ReturnType<typeof createScreen>>;
  let screenA2: Awaited<ReturnType<typeof createScreen>>;
  let screenB: Awaited<ReturnType<typeof createScreen>>;
  let disabledA: Awaited<ReturnType<typeof createScreen>>;
  let activeAd: { id: string; title: string };
  let pausedAd: { id: string };
  let tokens: Record<
    'global' | 'outletAdmin' | 'outletEmployee' | 'outletAdminB' | 'companyAdmin' | 'companyEmployee',
    string
  >;
  const screenTokens: Record<string, string> = {};

  beforeAll(async () => {
    origin = await listenLocally(t.app);
    outletA = await createOutlet(t.db, { name: 'Cafe Alpha' });
    outletB = await createOutlet(t.db, { name: 'Gym Beta' });
    screenA1 = await createScreen(t.db, outletA.id);
    screenA2 = await createScreen(t.db, outletA.id);
    screenB = await createScreen(t.db, outletB.id);
    disabledA = await createScreen(t.db, outletA.id, { status: 'DISABLED' });
    const company = await createCompany(t.db);
    activeAd = await createAd(t.db, company.id, { title: 'Safety first' });
    pausedAd = await createAd(t.db, company.id, { status: 'PAUSED', title: 'Old promo' });
    tokens = {
      global: (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token,
      outletAdmin: (await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletA.id] })).token,
      outletEmployee: (await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletA.id] })).token,
      outletAdminB: (await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletB.id] })).token,
      companyAdmin: (await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: company.id })).token,
      companyEmployee: (await signedIn(t.app, t.db, 'COMPANY_EMPLOYEE', { companyId: company.id })).token,
    };
    for (const screen of [screenA1, screenA2, screenB]) {
      screenTokens[screen.id] = (await connectScreen(t.app, screen)).access_token;
    }
  });

  const start = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/takeovers', headers: bearer(token), payload: payload as object });
  const end = (token: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/takeovers/${id}/end`, headers: bearer(token) });
  const list = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/takeovers${query}`, headers: bearer(token) });
  const shownOn = async (screen: { id: string }) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/takeover',
      headers: bearer(screenTokens[screen.id]!),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const rowCount = async () => (await t.db.select({ value: count() }).from(takeovers))[0]!.value;

  it.each([
    ['no screens', { kind: 'MESSAGE', message: 'Fire drill', screen_ids: [] }, 'body.screen_ids', 'at least one'],
    [
      '501 screens',
      { kind: 'MESSAGE', message: 'x', screen_ids: Array.from({ length: 501 }, () => randomUUID()) },
      'body.screen_ids',
      'at most 500',
    ],
    ['a malformed screen id', { kind: 'MESSAGE', message: 'x', screen_ids: ['SCREEN-1'] }, 'body.screen_ids.0', 'UUID'],
    [
      'an empty message',
      { kind: 'MESSAGE', message: '   ', screen_ids: [randomUUID()] },
      'body.message',
      'Write the message',
    ],
    [
      'a 281-character message',
      { kind: 'MESSAGE', message: 'a'.repeat(281), screen_ids: [randomUUID()] },
      'body.message',
      'at most 280',
    ],
    [
      'a message of 7 lines',
      { kind: 'MESSAGE', message: 'a\nb\nc\nd\ne\nf\ng', screen_ids: [randomUUID()] },
      'body.message',
      'at most 6 lines',
    ],
    [
      'a message takeover without a message',
      { kind: 'MESSAGE', screen_ids: [randomUUID()] },
      'body.message',
      'needs a message',
    ],
    ['an ad takeover without ad_id', { kind: 'AD', screen_ids: [randomUUID()] }, 'body.ad_id', 'needs ad_id'],
    ['an unknown kind', { kind: 'BANNER', message: 'x', screen_ids: [randomUUID()] }, 'body.kind', ''],
    [
      'a malformed ends_at',
      { kind: 'MESSAGE', message: 'x', screen_ids: [randomUUID()], ends_at: 'tomorrow' },
      'body.ends_at',
      'ISO 8601',
    ],
    ['an unknown field', { kind: 'MESSAGE', message: 'x', screen_ids: [randomUUID()], priority: 1 }, 'body', ''],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_case, payload, path, words) => {
    const before = await rowCount();
    const response = await start(tokens.global, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(body.message).toContain(words);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a screen listed twice, naming the second place it appears', async () => {
    const response = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'Closing in 15 minutes',
      screen_ids: [screenA1.id, screenA2.id, screenA1.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'body.screen_ids.2', message: `Screen ${screenA1.id} is listed twice` },
    ]);
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/takeovers',
      headers: { ...bearer(tokens.global), 'content-type': 'application/json' },
      payload: '{"kind": "MESSAGE", "screen_ids": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_JSON');
  });

  it('refuses an end time in the past or more than 7 days ahead', async () => {
    const past = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'x',
      screen_ids: [screenA1.id],
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ details: [{ path: 'ends_at' }], message: expect.stringContaining('passed') });
    const far = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'x',
      screen_ids: [screenA1.id],
      ends_at: new Date(Date.now() + 8 * 86_400_000).toISOString(),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain('7 days');
  });

  it('refuses an unknown ad (404), an inactive ad (400), an unknown or disabled screen', async () => {
    const before = await rowCount();
    const unknownAd = await start(tokens.global, { kind: 'AD', ad_id: randomUUID(), screen_ids: [screenA1.id] });
    expect(unknownAd.statusCode).toBe(404);
    expect(unknownAd.json().message).toBe('Ad not found');
    const paused = await start(tokens.global, { kind: 'AD', ad_id: pausedAd.id, screen_ids: [screenA1.id] });
    expect(paused.statusCode).toBe(400);
    expect(paused.json()).toMatchObject({ details: [{ path: 'ad_id' }], message: expect.stringContaining('paused') });
    const ghost = randomUUID();
    const unknownScreen = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'x',
      screen_ids: [screenA1.id, ghost],
    });
    expect(unknownScreen.statusCode).toBe(404);
    expect(unknownScreen.json()).toMatchObject({
      message: `Screen ${ghost} not found`,
      details: [{ path: 'screen_ids.1' }],
    });
    const disabled = await start(tokens.global, { kind: 'MESSAGE', message: 'x', screen_ids: [disabledA.id] });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toContain(`${disabledA.screenCode} is disabled`);
    expect(await rowCount()).toBe(before);
  });

  it("an outlet admin who picks another outlet's screen is refused, naming it, and nothing is written", async () => {
    const before = await rowCount();
    const response = await start(tokens.outletAdmin, {
      kind: 'MESSAGE',
      message: 'Kitchen fire drill — please follow staff to the exit',
      screen_ids: [screenA1.id, screenB.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Screen ${screenB.id} not found`);
    expect(await rowCount()).toBe(before);
    expect(await shownOn(screenA1)).toBeNull();
  });

  it('company roles have no takeovers at all; an outlet employee only reads them', async () => {
    for (const token of [tokens.companyAdmin, tokens.companyEmployee]) {
      expect((await list(token)).statusCode).toBe(403);
      expect((await start(token, { kind: 'MESSAGE', message: 'x', screen_ids: [screenA1.id] })).statusCode).toBe(403);
      expect((await end(token, randomUUID())).statusCode).toBe(403);
    }
    expect((await list(tokens.outletEmployee)).statusCode).toBe(200);
    expect(
      (await start(tokens.outletEmployee, { kind: 'MESSAGE', message: 'x', screen_ids: [screenA1.id] })).statusCode,
    ).toBe(403);
    expect((await end(tokens.outletEmployee, randomUUID())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/takeovers' })).statusCode).toBe(401);
  });

  it('a message reaches only the chosen screens, the newest active one shows, and ending twice is 409', async () => {
    const first = await start(tokens.outletAdmin, {
      kind: 'MESSAGE',
      message: '  Store closing in 15 minutes  ',
      screen_ids: [screenA1.id, screenA2.id],
    });
    expect(first.statusCode).toBe(201);
    const drill = first.json().data;
    expect(drill).toMatchObject({
      kind: 'MESSAGE',
      message: 'Store closing in 15 minutes',
      ad: null,
      status: 'ACTIVE',
      screen_count: 2,
      ends_at: null,
      ended_at: null,
      can_end: true,
    });
    expect(drill.screens.map((s: { id: string }) => s.id).sort()).toEqual([screenA1.id, screenA2.id].sort());
    expect(drill.screens[0].outlet.name).toBe('Cafe Alpha');
    expect(drill.started_by.name).toMatch(/Test User/);
    expect(await shownOn(screenA1)).toMatchObject({
      id: drill.id,
      kind: 'MESSAGE',
      message: 'Store closing in 15 minutes',
    });
    expect(await shownOn(screenB)).toBeNull();

    const second = await start(tokens.outletAdmin, { kind: 'AD', ad_id: activeAd.id, screen_ids: [screenA1.id] });
    expect(second.statusCode).toBe(201);
    const adTakeover = second.json().data;
    expect(adTakeover.ad).toMatchObject({ id: activeAd.id, title: 'Safety first', status: 'ACTIVE' });
    expect(await shownOn(screenA1)).toMatchObject({
      id: adTakeover.id,
      kind: 'AD',
      ad: { id: activeAd.id, type: 'IMAGE', duration_seconds: 5 },
    });
    expect(await shownOn(screenA2)).toMatchObject({ id: drill.id });

    const ended = await end(tokens.outletAdmin, adTakeover.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({
      status: 'ENDED',
      can_end: false,
      ended_by: { name: expect.any(String) },
    });
    expect(await shownOn(screenA1)).toMatchObject({ id: drill.id });
    const again = await end(tokens.outletAdmin, adTakeover.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already ended');

    const active = (await list(tokens.outletEmployee, '?status=active')).json();
    expect(active.data.map((row: { id: string }) => row.id)).toContain(drill.id);
    expect(active.data.map((row: { id: string }) => row.id)).not.toContain(adTakeover.id);
    expect(active.data.find((row: { id: string }) => row.id === drill.id).can_end).toBe(false);
    const other = (await list(tokens.outletAdminB)).json();
    expect(other.data.map((row: { id: string }) => row.id)).not.toContain(drill.id);
    expect((await end(tokens.outletAdminB, drill.id)).statusCode).toBe(404);

    expect((await end(tokens.global, drill.id)).statusCode).toBe(200);
    expect(await shownOn(screenA1)).toBeNull();
    expect(await shownOn(screenA2)).toBeNull();
  });

  it("an outlet admin may pick only ads that play on their screens, not another's paused ad", async () => {
    const response = await start(tokens.outletAdmin, { kind: 'AD', ad_id: pausedAd.id, screen_ids: [screenA1.id] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Ad not found');
  });

  it("a network-wide takeover lists only the caller's screens to an outlet admin, who cannot end it", async () => {
    const response = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'Missing child: blue T-shirt, 6 years old. Please tell staff.',
      screen_ids: [screenA1.id, screenB.id],
    });
    const alert = response.json().data;
    expect(alert.screens).toHaveLength(2);
    const seen = (await list(tokens.outletAdmin, '?status=active'))
      .json()
      .data.find((row: { id: string }) => row.id === alert.id);
    expect(seen).toMatchObject({ screen_count: 2, can_end: false });
    expect(seen.screens.map((s: { id: string }) => s.id)).toEqual([screenA1.id]);
    const refused = await end(tokens.outletAdmin, alert.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('only a global admin');
    expect(await shownOn(screenB)).toMatchObject({ id: alert.id });
    expect((await end(tokens.global, alert.id)).statusCode).toBe(200);
  });

  it('a takeover whose end time passes stops showing, reads EXPIRED, and cannot be ended', async () => {
    const response = await start(tokens.global, {
      kind: 'MESSAGE',
      message: 'Back in 5 minutes',
      screen_ids: [screenA2.id],
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(response.statusCode).toBe(201);
    const timed = response.json().data;
    expect(await shownOn(screenA2)).toMatchObject({ id: timed.id, ends_at: timed.ends_at });
    await t.db
      .update(takeovers)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(takeovers.id, timed.id));
    expect(await shownOn(screenA2)).toBeNull();
    const history = (await list(tokens.global, '?status=all')).json().data;
    expect(history.find((row: { id: string }) => row.id === timed.id)).toMatchObject({
      status: 'EXPIRED',
      can_end: false,
    });
    const ended = await end(tokens.global, timed.id);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toContain('by itself');
  });

  it('an ad takeover stops showing once its ad is paused, and the dashboard says so', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Recall notice' });
    const started = await start(tokens.global, { kind: 'AD', ad_id: ad.id, screen_ids: [screenB.id] });
    const id = started.json().data.id;
    expect(await shownOn(screenB)).toMatchObject({ id, ad: { id: ad.id } });
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(tokens.global),
      payload: { status: 'PAUSED' },
    });
    expect(paused.statusCode).toBe(200);
    expect(await shownOn(screenB)).toBeNull();
    const listed = (await list(tokens.global, '?status=active'))
      .json()
      .data.find((row: { id: string }) => row.id === id);
    expect(listed).toMatchObject({ status: 'ACTIVE', ad: { status: 'PAUSED' } });
    expect((await end(tokens.global, id)).statusCode).toBe(200);
    // The takeover's record keeps the ad: deleting it is a 409 naming why, not a 500.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/ads/${ad.id}`, headers: bearer(tokens.global) });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().message).toContain('emergency takeover');
  });

  it('answers 400 for a malformed id or status and 404 for an unknown takeover', async () => {
    expect((await end(tokens.global, 'not-a-uuid')).statusCode).toBe(400);
    expect((await end(tokens.global, randomUUID())).statusCode).toBe(404);
    const bad = await list(tokens.global, '?status=bogus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('active or all');
  });

  it('a staff token cannot read a screen takeover, and a screen token cannot start one', async () => {
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/takeover',
      headers: bearer(tokens.global),
    });
    expect(staff.statusCode).toBe(401);
    const screen = await start(screenTokens[screenA1.id]!, {
      kind: 'MESSAGE',
      message: 'x',
      screen_ids: [screenA1.id],
    });
    expect(screen.statusCode).toBe(401);
  });

  it("a chosen screen's event stream hears the start and the end at once; another screen hears nothing", async () => {
    const open = async (screen: { id: string }) => {
      const response = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(screenTokens[screen.id]!) });
      expect(response.status).toBe(200);
      const stream = readEvents(response.body!);
      await stream.until('hello');
      return stream;
    };
    const chosen = await open(screenA1);
    const bystander = await open(screenB);
    const started = await start(tokens.outletAdmin, {
      kind: 'MESSAGE',
      message: 'Fire drill',
      screen_ids: [screenA1.id],
    });
    const id = started.json().data.id;
    expect((await chosen.until('takeover')).at(-1)).toEqual({
      event: 'takeover',
      data: { id, action: 'started' },
    });
    expect((await end(tokens.outletAdmin, id)).statusCode).toBe(200);
    expect((await chosen.until('takeover')).at(-1)).toEqual({ event: 'takeover', data: { id, action: 'ended' } });
    // A marker every stream hears: nothing about the takeover may come before it on the other screen.
    await t.app.events.publish({ type: 'ads.changed', adIds: [] });
    const heard = await bystander.until('ads-changed');
    expect(heard.map((frame) => frame.event)).toEqual(['ads-changed']);
    await chosen.cancel();
    await bystander.cancel();
  });
});

/** Run when TEST_REDIS_URL names a Redis server (CI sets it); skipped without one. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(!REDIS_URL).each(databaseKinds)('takeovers across two API processes on %s, through Redis', (kind) => {
  it('a takeover started and ended through A reaches a screen streaming from B', async () => {
    const channel = `adloop-test:takeovers:${randomBytes(4).toString('hex')}`;
    const { a, b, db, close } = await startInstancePair(kind, { url: REDIS_URL, channel, logger: quietLogger });
    try {
      const outlet = await createOutlet(db);
      const screen = await createScreen(db, outlet.id);
      const session = await connectScreen(b.app, screen);
      const response = await fetch(`${b.origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
      const stream = readEvents(response.body!);
      await stream.until('hello');
      const admin = bearer(await signInAs({ app: a.app, db }));
      const started = await a.app.inject({
        method: 'POST',
        url: '/api/takeovers',
        headers: admin,
        payload: { kind: 'MESSAGE', message: 'Evacuate calmly', screen_ids: [screen.id] },
      });
      const id = started.json().data.id;
      expect((await stream.until('takeover')).at(-1)?.data).toEqual({ id, action: 'started' });
      const shown = await b.app.inject({ url: '/api/screen-auth/takeover', headers: bearer(session.access_token) });
      expect(shown.json().data).toMatchObject({ id, message: 'Evacuate calmly' });
      await a.app.inject({ method: 'POST', url: `/api/takeovers/${id}/end`, headers: admin });
      expect((await stream.until('takeover')).at(-1)?.data).toEqual({ id, action: 'ended' });
      await stream.cancel();
    } finally {
      await close();
    }
  });
});
