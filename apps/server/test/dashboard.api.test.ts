import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs, screens } from '../src/db/schema.ts';
import {
  createAd,
  createCompany,
  createOutlet,
  createPlay,
  createScreen,
  recordScreenActivity,
} from './helpers/factories.ts';
import { bearer, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('dashboard summary on %s', (kind) => {
  const t = useTestApp(kind);
  let companyId: string;
  let outletId: string;
  let pendingAdId: string;

  beforeAll(async () => {
    companyId = (await createCompany(t.db, { name: 'Brewline' })).id;
    const otherCompany = await createCompany(t.db);
    outletId = (await createOutlet(t.db, { name: 'Cafe One' })).id;
    const otherOutlet = await createOutlet(t.db);
    const live = await createAd(t.db, companyId, { status: 'ACTIVE' });
    pendingAdId = (await createAd(t.db, companyId, { status: 'PENDING_REVIEW', title: 'Monsoon' })).id;
    await createAd(t.db, otherCompany.id, { status: 'PENDING_REVIEW' });
    const online = await createScreen(t.db, outletId, { screenCode: 'CAFE-ON' });
    await createScreen(t.db, outletId, { screenCode: 'CAFE-OFF' });
    await createScreen(t.db, otherOutlet.id, { screenCode: 'ELSEWHERE' });
    await t.db.update(screens).set({ isOnline: true, lastSeenAt: new Date() }).where(eq(screens.id, online.id));
    // The outlet is in Asia/Kolkata (the default): "today" is the screen's own date there.
    await createPlay(t.db, live, online, 'Asia/Kolkata');
    await recordScreenActivity(t.db, online, 'ONLINE', new Date());
  });

  const summary = async (token: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('a global admin sees everything', async () => {
    const data = await summary(await signInAs(t));
    expect(data.counts).toEqual({
      ads: 3,
      ads_pending_review: 2,
      screens: 3,
      screens_online: 1,
      outlets: 2,
      companies: 2,
      users: 1,
      plays_today: 1,
    });
    expect(data.offline_screens.map((s: { screen_code: string }) => s.screen_code).sort()).toEqual([
      'CAFE-OFF',
      'ELSEWHERE',
    ]);
    expect(data.pending_ads).toHaveLength(2);
    expect(data.recent_activity).toEqual([
      expect.objectContaining({ kind: 'ONLINE', screen_code: 'CAFE-ON', outlet_name: 'Cafe One' }),
    ]);
  });

  it("a company admin sees their company's ads and review queue, no screens", async () => {
    const { token } = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId });
    const data = await summary(token);
    expect(data.counts).toMatchObject({
      ads: 2,
      ads_pending_review: 1,
      screens: null,
      screens_online: null,
      companies: 1,
      plays_today: 1,
    });
    expect(data.pending_ads).toEqual([
      {
        id: pendingAdId,
        title: 'Monsoon',
        company_name: 'Brewline',
        kind: 'NEW_AD',
        waiting_since: expect.any(String),
      },
    ]);
    expect(data.offline_screens).toEqual([]);
    expect(data.recent_activity).toEqual([]);
  });

  it("an outlet employee sees their outlet's screens and activity, no review queue or users", async () => {
    const { token } = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    const data = await summary(token);
    expect(data.counts).toEqual({
      ads: 1,
      // Their outlet's house content waiting for review (decision 090): none here.
      ads_pending_review: 0,
      screens: 2,
      screens_online: 1,
      outlets: 1,
      companies: null,
      users: null,
      plays_today: 1,
    });
    expect(data.offline_screens.map((s: { screen_code: string }) => s.screen_code)).toEqual(['CAFE-OFF']);
    expect(data.recent_activity).toHaveLength(1);
  });

  it('UNMAPPED sees nothing, and a signed-out caller gets 401', async () => {
    const data = await summary(await signInAs(t, 'UNMAPPED'));
    expect(Object.values(data.counts).every((value) => value === null)).toBe(true);
    expect(data.offline_screens).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("plays_today counts each screen's own today in its outlet's time zone, not UTC's", async () => {
    // Kiritimati is UTC+14 all year: its day and UTC's overlap for only 10 hours, so one of the
    // two plays below falls on the other side of UTC's midnight at any hour this test runs.
    const outlet = await createOutlet(t.db, { timezone: 'Pacific/Kiritimati' });
    const screen = await createScreen(t.db, outlet.id);
    const ad = await createAd(t.db, companyId, { status: 'ACTIVE' });
    const today = new Date().toLocaleString('sv-SE', { timeZone: 'Pacific/Kiritimati' }).slice(0, 10);
    const localMidnight = Date.parse(`${today}T00:00:00+14:00`);
    const play = (at: number) => {
      const local = new Date(at).toLocaleString('sv-SE', { timeZone: 'Pacific/Kiritimati' });
      return {
        id: randomUUID(),
        adId: ad.id,
        screenId: screen.id,
        companyId: ad.companyId,
        outletId: outlet.id,
        playedAt: new Date(at),
        playDate: local.slice(0, 10),
        playTime: local.slice(11, 19),
      };
    };
    await t.db.insert(playbackLogs).values([play(localMidnight + 60_000), play(localMidnight - 60_000)]);
    const manager = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outlet.id] });
    expect((await summary(manager.token)).counts.plays_today).toBe(1);
  });
});
