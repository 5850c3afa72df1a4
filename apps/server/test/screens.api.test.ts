import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screens, signInThrottles } from '../src/db/schema.ts';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { createAd, createCompany, createOutlet, createPlay, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('screens API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletId: string;
  let otherOutletId: string;
  let outletAdmin: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    outletId = (await createOutlet(t.db, { name: 'Cafe One' })).id;
    otherOutletId = (await createOutlet(t.db, { name: 'Gym Two' })).id;
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
  });

  const call = staffRequests(t);
  const recordEvents = () => {
    const events: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    return { events, stop };
  };

  it('creates a screen with a 6-digit passcode answered once, and that passcode connects it', async () => {
    const response = await call('POST', '/api/ad-screens', outletAdmin, {
      outlet_id: outletId,
      screen_code: 'cafe-counter-1',
      name: 'Counter',
      tags: ['Counter'],
    });
    expect(response.statusCode).toBe(201);
    const { screen, passcode } = response.json().data;
    expect(passcode).toMatch(/^\d{6}$/);
    expect(screen).toMatchObject({
      screen_code: 'CAFE-COUNTER-1',
      status: 'ACTIVE',
      tags: ['counter'],
      outlet: { id: outletId, name: 'Cafe One' },
      is_online: false,
      last_seen_at: null,
      locked: false,
    });
    await expect(connectScreen(t.app, { screenCode: 'cafe-counter-1', passcode })).resolves.toBeTruthy();
    expect((await call('GET', `/api/ad-screens/${screen.id}`, outletAdmin)).json().data).not.toHaveProperty('passcode');
  });

  it('refuses a taken code (any case) with 409, and a foreign outlet with 404', async () => {
    const taken = await call('POST', '/api/ad-screens', admin, {
      outlet_id: otherOutletId,
      screen_code: 'CAFE-counter-1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('CAFE-COUNTER-1');
    const foreign = await call('POST', '/api/ad-screens', outletAdmin, {
      outlet_id: otherOutletId,
      screen_code: 'GYM-1',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    [{ screen_code: 'ABC' }, 'body.outlet_id'],
    [{ outlet_id: 'nope', screen_code: 'ABC' }, 'body.outlet_id'],
    [{ outlet_id: randomUUID(), screen_code: 'a b' }, 'body.screen_code'],
    [{ outlet_id: randomUUID(), screen_code: 'ABC', tags: Array(21).fill('x') }, 'body.tags'],
  ])('refuses %o with 400 naming %s', async (payload, path) => {
    const response = await call('POST', '/api/ad-screens', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('online means heard from within 150 s; lists filter by it, by outlet, status and tag, and search', async () => {
    const live = await createScreen(t.db, otherOutletId, { screenCode: 'GYM-LIVE', tags: ['lobby'] });
    const stale = await createScreen(t.db, otherOutletId, { screenCode: 'GYM-STALE', status: 'DISABLED' });
    await t.db.update(screens).set({ isOnline: true, lastSeenAt: new Date() }).where(eq(screens.id, live.id));
    await t.db
      .update(screens)
      .set({ isOnline: true, lastSeenAt: new Date(Date.now() - 151_000) })
      .where(eq(screens.id, stale.id));
    const codes = async (query: string) =>
      (await call('GET', `/api/ad-screens?${query}`, admin))
        .json()
        .data.map((s: { screen_code: string }) => s.screen_code);
    expect(await codes('online=true')).toEqual(['GYM-LIVE']);
    expect(await codes(`online=false&outlet_id=${otherOutletId}`)).toEqual(['GYM-STALE']);
    expect(await codes('status=DISABLED')).toEqual(['GYM-STALE']);
    expect(await codes('tag=lobby')).toEqual(['GYM-LIVE']);
    expect(await codes('q=gym two&sort=-screen_code')).toEqual(['GYM-STALE', 'GYM-LIVE']);
    const paged = await call('GET', '/api/ad-screens?pageSize=1&page=2&sort=screen_code', admin);
    expect(paged.json()).toMatchObject({ data: [{ screen_code: 'GYM-LIVE' }], meta: { total: 3 } });
    expect(await (async () => (await call('GET', '/api/ad-screens', outletAdmin)).json().meta.total)()).toBe(1);
  });

  it('a passcode reset clears the lock, ends the old sessions and answers a new passcode', async () => {
    const screen = await createScreen(t.db, outletId, { passcode: '111111' });
    const session = await connectScreen(t.app, { screenCode: screen.screenCode, passcode: '111111' });
    // Under attack from many networks: new networks are slowed (decision 040).
    const attack = { failures: 25, lastFailureAt: new Date(), blockedUntil: new Date(Date.now() + 3600_000) };
    await t.db
      .insert(signInThrottles)
      .values({ scope: 'screen', subject: screen.screenCode, ip: '', ...attack })
      .onConflictDoUpdate({
        target: [signInThrottles.scope, signInThrottles.subject, signInThrottles.ip],
        set: attack,
      });
    expect((await call('GET', `/api/ad-screens/${screen.id}`, outletAdmin)).json().data.locked).toBe(true);

    const { events, stop } = recordEvents();
    const reset = await call('POST', `/api/ad-screens/${screen.id}/reset-passcode`, outletAdmin);
    stop();
    expect(reset.statusCode).toBe(200);
    const { passcode, screen: after } = reset.json().data;
    expect(after.locked).toBe(false);
    expect(events).toEqual([{ type: 'screen.changed', screenId: screen.id, reason: 'passcode-reset' }]);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(old.statusCode).toBe(401);
    await expect(connectScreen(t.app, { screenCode: screen.screenCode, passcode: '111111' })).rejects.toThrow();
    await expect(connectScreen(t.app, { screenCode: screen.screenCode, passcode })).resolves.toBeTruthy();
  });

  it('disabling a screen ends its sessions; edits move it between own outlets only', async () => {
    const screen = await createScreen(t.db, outletId);
    const session = await connectScreen(t.app, { screenCode: screen.screenCode, passcode: screen.passcode });
    const { events, stop } = recordEvents();
    const off = await call('PATCH', `/api/ad-screens/${screen.id}`, outletAdmin, {
      status: 'DISABLED',
      name: 'Window',
    });
    stop();
    expect(off.json().data).toMatchObject({ status: 'DISABLED', name: 'Window' });
    expect(events).toEqual([{ type: 'screen.changed', screenId: screen.id, reason: 'disabled' }]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(refused.statusCode).toBe(401);
    const move = await call('PATCH', `/api/ad-screens/${screen.id}`, outletAdmin, { outlet_id: otherOutletId });
    expect(move.statusCode).toBe(404);
  });

  it('deletes a screen that never played, refuses one with proof of play; company roles reach no screen', async () => {
    const screen = await createScreen(t.db, outletId);
    expect((await call('DELETE', `/api/ad-screens/${screen.id}`, outletAdmin)).statusCode).toBe(204);
    expect((await call('GET', `/api/ad-screens/${screen.id}`, admin)).statusCode).toBe(404);
    const played = await createScreen(t.db, outletId);
    await createPlay(t.db, await createAd(t.db, (await createCompany(t.db)).id), played);
    const refused = await call('DELETE', `/api/ad-screens/${played.id}`, outletAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('disable it instead');
    const companyAdmin = await signInAs(t, 'COMPANY_ADMIN');
    expect((await call('GET', '/api/ad-screens', companyAdmin)).statusCode).toBe(403);
  });
});
