import { ALWAYS } from '@adloop/contract/targeting';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../src/db/schema.ts';
import { SCREEN_SIGN_IN_POLICIES } from '../src/modules/screens/screen-auth.service.ts';
import { createAd, createCompany, createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { bearer, connectedScreen, connectScreen, loginAs, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const SCREEN_IP_MAX_FAILURES = SCREEN_SIGN_IN_POLICIES.everySubject?.free ?? 0;
const SCREEN_MAX_CONSECUTIVE_FAILURES = SCREEN_SIGN_IN_POLICIES.network.free;

describe.each(databaseKinds)('screen sign-in and ad list on %s', (kind) => {
  const t = useTestApp(kind);
  let outlet: Awaited<ReturnType<typeof createOutlet>>;
  beforeAll(async () => {
    outlet = await createOutlet(t.db, { name: 'Cafe Uno' });
  });

  const authenticate = (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/screen-auth/authenticate', payload, remoteAddress });

  it('signs a screen in and answers the session of spec §3', async () => {
    const screen = await createScreen(t.db, outlet.id, { passcode: '482913' });
    const response = await authenticate({ screen_code: ` ${screen.screenCode.toLowerCase()} `, pass_code: '482913' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      screen_code: screen.screenCode,
      screen_id: screen.id,
      outlet: { id: outlet.id, name: 'Cafe Uno', outlet_code: outlet.outletCode },
    });
    expect(data.access_token.split('.')).toHaveLength(3);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    // Decision 076: a device token the player keeps for its next sign-in; verify renews the session only.
    expect(data.device_token.split('.')).toHaveLength(3);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/verify',
      headers: bearer(data.access_token),
    });
    expect(verify.json().data).not.toHaveProperty('device_token');
  });

  it('answers a wrong passcode and an unknown code alike', async () => {
    const screen = await createScreen(t.db, outlet.id);
    const wrong = await authenticate({ screen_code: screen.screenCode, pass_code: '000000' });
    const unknown = await authenticate({ screen_code: 'NO-SUCH-SCREEN', pass_code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ screen_code: '', pass_code: '123456' }, 'screen_code'],
    [{ screen_code: 'A', pass_code: '12345' }, 'pass_code'],
    [{ screen_code: 'A', pass_code: 'abcdef' }, 'pass_code'],
    [{ screen_code: 'A' }, 'pass_code'],
    [{ screen_code: 'A', pass_code: '123456', extra: 1 }, 'extra'],
  ])('bad input %o → 400 naming %s', async (payload, named) => {
    const response = await authenticate(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(named);
  });

  it('slows a code after 10 failures from one network, known and unknown codes alike; other networks still sign in', async () => {
    const screen = await createScreen(t.db, outlet.id, { passcode: '111222' });
    const answers = [];
    for (const code of [screen.screenCode, 'GHOST-SCREEN-9']) {
      for (let attempt = 0; attempt < SCREEN_SIGN_IN_POLICIES.network.free; attempt += 1) {
        expect((await authenticate({ screen_code: code, pass_code: '999999' }, '198.51.100.1')).statusCode).toBe(401);
      }
      const slowed = await authenticate({ screen_code: code, pass_code: '111222' }, '198.51.100.1');
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
      answers.push(slowed.json());
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0].message).toContain('Too many wrong passcodes for this screen code from your network');
    expect(
      (await authenticate({ screen_code: screen.screenCode, pass_code: '111222' }, '198.51.100.2')).statusCode,
    ).toBe(200);
  });

  it('a success resets the count of consecutive failures', async () => {
    const screen = await createScreen(t.db, outlet.id, { passcode: '333444' });
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < SCREEN_MAX_CONSECUTIVE_FAILURES - 1; attempt += 1) {
        await authenticate({ screen_code: screen.screenCode, pass_code: '999999' }, '198.51.100.3');
      }
      expect((await authenticate({ screen_code: screen.screenCode, pass_code: '333444' })).statusCode).toBe(200);
    }
  });

  it('limits failed guesses per IP across screen codes; screens that signed in from it are not blocked', async () => {
    const screen = await createScreen(t.db, outlet.id, { passcode: '555666' });
    for (let attempt = 0; attempt < 40; attempt += 1) {
      expect(
        (await authenticate({ screen_code: screen.screenCode, pass_code: '555666' }, '198.51.100.4')).statusCode,
      ).toBe(200);
    }
    for (let attempt = 0; attempt < SCREEN_IP_MAX_FAILURES; attempt += 1) {
      const response = await authenticate({ screen_code: `GUESS-${attempt}`, pass_code: '000000' }, '198.51.100.4');
      expect(response.statusCode).toBe(401);
    }
    const fresh = await createScreen(t.db, outlet.id, { passcode: '777888' });
    const blocked = await authenticate({ screen_code: fresh.screenCode, pass_code: '777888' }, '198.51.100.4');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await authenticate({ screen_code: screen.screenCode, pass_code: '555666' }, '198.51.100.4')).statusCode,
    ).toBe(200);
    expect(
      (await authenticate({ screen_code: fresh.screenCode, pass_code: '777888' }, '198.51.100.5')).statusCode,
    ).toBe(200);
  });

  it('verify renews the session; a passcode reset or disabling ends it', async () => {
    const { screen, session } = await connectedScreen(t, outlet.id);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/verify',
      headers: bearer(session.access_token),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.screen_id).toBe(screen.id);

    // What a passcode reset does: move the screen's valid-after instant and announce it.
    await t.db.update(screens).set({ sessionsValidAfter: new Date() }).where(eq(screens.id, screen.id));
    await t.app.events.publish({ type: 'screen.changed', screenId: screen.id, reason: 'passcode-reset' });
    const afterReset = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(afterReset.statusCode).toBe(401);

    const fresh = await connectScreen(t.app, screen);
    await t.db.update(screens).set({ status: 'DISABLED' }).where(eq(screens.id, screen.id));
    await t.app.events.publish({ type: 'screen.changed', screenId: screen.id, reason: 'disabled' });
    const disabled = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(fresh.access_token),
    });
    expect(disabled.statusCode).toBe(401);
    const signIn = await authenticate({ screen_code: screen.screenCode, pass_code: screen.passcode });
    expect(signIn.statusCode).toBe(403);
  });

  it('lists only active ads of active advertisers, oldest first, with the spec fields and their schedule', async () => {
    const company = await createCompany(t.db, { name: 'Zest Juices' });
    const dormant = await createCompany(t.db, { isActive: false });
    const first = await createAd(t.db, company.id, { title: 'First', createdAt: new Date('2026-01-01T00:00:00Z') });
    const second = await createAd(t.db, company.id, {
      title: 'Second',
      type: 'VIDEO',
      durationSeconds: null,
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    await createAd(t.db, company.id, { status: 'PAUSED' });
    await createAd(t.db, company.id, { status: 'PENDING_REVIEW' });
    await createAd(t.db, dormant.id);

    const { session } = await connectedScreen(t, outlet.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json().data.filter((ad: { company_id: string }) => ad.company_id === company.id);
    expect(listed).toEqual([
      {
        id: first.id,
        company_id: company.id,
        title: 'First',
        type: 'IMAGE',
        media_url: first.mediaUrl,
        duration_seconds: 5,
        version: 1,
        company: { name: 'Zest Juices' },
        schedule: { ...ALWAYS, timezone: 'Asia/Kolkata' },
      },
      {
        id: second.id,
        company_id: company.id,
        title: 'Second',
        type: 'VIDEO',
        media_url: second.mediaUrl,
        duration_seconds: null,
        version: 1,
        company: { name: 'Zest Juices' },
        schedule: { ...ALWAYS, timezone: 'Asia/Kolkata' },
      },
    ]);
    expect(response.json().data.some((ad: { company_id: string }) => ad.company_id === dormant.id)).toBe(false);
  });

  it('keeps staff and screen tokens to their own routes', async () => {
    const admin = await createUser(t.db);
    const staffToken = await loginAs(t.app, admin);
    const { token: screenToken } = await connectedScreen(t, outlet.id);

    for (const [method, url] of [
      ['GET', '/api/screen-auth/ads'],
      ['POST', '/api/screen-auth/verify'],
      ['GET', '/api/screen-auth/events'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(staffToken) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of [
      ['POST', '/api/auth/verify'],
      ['GET', '/api/ads'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(screenToken) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/screen-auth/ads' })).json()).toEqual({
      message: 'Missing screen bearer token',
      code: 'UNAUTHORIZED',
    });
    // The screen-token cookie the player writes (spec §9) is never read (decision 078).
    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: { cookie: `screen-token=${screenToken}` },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('answers the ad list with an ETag and 304 when unchanged; an edit changes it at once', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Cached' });
    const { session } = await connectedScreen(t, outlet.id);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toContain('application/json');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: { ...bearer(session.access_token), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const admin = await signInAs(t);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(admin),
      payload: { title: 'Fresh' },
    });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: { ...bearer(session.access_token), 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.find((row: { id: string }) => row.id === ad.id).title).toBe('Fresh');
  });
});
