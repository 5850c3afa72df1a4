import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const sorted = (ids: string[]) => [...ids].sort();

describe.each(databaseKinds)("each screen's event stream carries only its own ad changes, on %s", (kind) => {
  const t = useTestApp(kind);
  let origin: string;
  let admin: { authorization: string };
  const streams: ReturnType<typeof readEvents>[] = [];

  beforeAll(async () => {
    origin = await listenLocally(t.app);
    admin = bearer(await signInAs(t));
  });
  afterAll(async () => {
    for (const stream of streams) await stream.cancel();
  });

  /** Signs the screen in, fetches its list as the player does (recorded as served), and opens its stream. */
  async function watch(screen: { screenCode: string; passcode: string }) {
    const session = await connectScreen(t.app, screen);
    const response = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
    expect(response.status).toBe(200);
    const events = readEvents(response.body!);
    streams.push(events);
    await events.next('hello');
    return events;
  }

  /** An edit through the API, as staff make it: it publishes `ads.changed` with the ad's id. */
  async function editAd(id: string, payload: object) {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/ads/${id}`, headers: admin, payload });
    expect(response.statusCode).toBe(200);
  }

  /** Two tenants, each with its outlet, a screen there and ads aimed at its own outlet. */
  async function twoTenants() {
    const [companyA, companyB] = [await createCompany(t.db), await createCompany(t.db)];
    const [outletA, outletB] = [await createOutlet(t.db), await createOutlet(t.db)];
    const adA = await createAd(t.db, companyA.id, { targetOutletIds: [outletA.id] });
    const adB = await createAd(t.db, companyB.id, { targetOutletIds: [outletB.id] });
    const screenA = await createScreen(t.db, outletA.id);
    const screenB = await createScreen(t.db, outletB.id);
    return { companyA, companyB, outletA, outletB, adA, adB, screenA, screenB };
  }

  it("hears nothing of another tenant's ad that does not target it, and only its own ad's id when that is edited", async () => {
    const { adA, adB, screenA } = await twoTenants();
    const events = await watch(screenA);
    await editAd(adB.id, { title: "B's new title" });
    await editAd(adA.id, { title: "A's new title" });
    // Events go out in the bus's order, so B's edit would have come first had it been sent.
    expect(await events.next('ads-changed')).toEqual({ ad_ids: [adA.id], spread_ms: expect.any(Number) });
  });

  it('hears of an ad that newly targets it: retargeted to its outlet, or approved', async () => {
    const { companyB, outletA, adB, screenA } = await twoTenants();
    const retargeted = await createAd(t.db, companyB.id, { targetOutletIds: [(await createOutlet(t.db)).id] });
    const pending = await createAd(t.db, companyB.id, { status: 'PENDING_REVIEW', targetOutletIds: [outletA.id] });
    const events = await watch(screenA);

    await editAd(adB.id, { title: 'Unrelated edit' });
    await editAd(retargeted.id, { targeting: { outlet_ids: [outletA.id] } });
    expect(await events.next('ads-changed')).toEqual({ ad_ids: [retargeted.id], spread_ms: expect.any(Number) });

    await editAd(adB.id, { title: 'Another unrelated edit' });
    const approved = await t.app.inject({ method: 'POST', url: `/api/ads/${pending.id}/approve`, headers: admin });
    expect(approved.statusCode).toBe(200);
    expect(await events.next('ads-changed')).toEqual({ ad_ids: [pending.id], spread_ms: expect.any(Number) });
  });

  it('hears of an ad on the list it was served that no longer targets it, and of company changes that concern it', async () => {
    const { companyA, outletA, outletB, adA, adB, screenA, screenB } = await twoTenants();
    const leaving = await createAd(t.db, companyA.id, { targetOutletIds: [outletA.id] });
    const eventsA = await watch(screenA);
    const eventsB = await watch(screenB);

    // Retargeted to outlet B: off screen A's list, which screen A last fetched with it.
    await editAd(adB.id, { title: 'Unrelated edit' });
    await editAd(leaving.id, { targeting: { outlet_ids: [outletB.id] } });
    expect(await eventsA.next('ads-changed')).toEqual({ ad_ids: [leaving.id], spread_ms: expect.any(Number) });
    expect(await eventsB.next('ads-changed')).toEqual({ ad_ids: [adB.id], spread_ms: expect.any(Number) });
    expect(await eventsB.next('ads-changed')).toEqual({ ad_ids: [leaving.id], spread_ms: expect.any(Number) });

    const company = (is_active: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/ad-company/${companyA.id}`, headers: admin, payload: { is_active } });
    // Deactivated: both of A's ads leave screen A, which was served both; screen B never had either.
    expect((await company(false)).statusCode).toBe(200);
    const off = (await eventsA.next('ads-changed')) as { ad_ids: string[] };
    expect(sorted(off.ad_ids)).toEqual(sorted([adA.id, leaving.id]));
    // Reactivated: the retargeted ad now joins screen B's list, and only that one concerns it.
    await editAd(adB.id, { title: 'Another unrelated edit' });
    expect(await eventsB.next('ads-changed')).toEqual({ ad_ids: [adB.id], spread_ms: expect.any(Number) });
    expect((await company(true)).statusCode).toBe(200);
    expect(await eventsB.next('ads-changed')).toEqual({ ad_ids: [leaving.id], spread_ms: expect.any(Number) });
  });

  it('an ads.changed without ids (after a bus reconnect) reaches every screen, with no ids', async () => {
    const { screenA, screenB } = await twoTenants();
    const eventsA = await watch(screenA);
    const eventsB = await watch(screenB);
    await t.app.events.publish({ type: 'ads.changed', adIds: [] });
    expect(await eventsA.next('ads-changed')).toEqual({ ad_ids: [], spread_ms: expect.any(Number) });
    expect(await eventsB.next('ads-changed')).toEqual({ ad_ids: [], spread_ms: expect.any(Number) });
  });
});
