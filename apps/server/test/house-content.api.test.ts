import { randomUUID } from 'node:crypto';
import type { Ad } from '@adloop/contract/ads';
import type { ScreenAd } from '@adloop/contract/screen';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads, outlets, playbackLogs, playRollupsDaily } from '../src/db/schema.ts';
import {
  createAd,
  createCompany,
  createOutlet,
  createRateCard,
  createScreen,
  honestPlayTimes,
} from './helpers/factories.ts';
import { postPlays } from './helpers/plays.ts';
import { connectScreen, fetchScreenAds, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const ZONE = 'Asia/Kolkata';
const DAY = 86_400_000;

/**
 * Decision 090: an outlet's own content on its own screens. Outlet staff make it for their outlet,
 * a global admin reviews it, it plays only on that outlet's screens and only in the loop's room,
 * at price 0, outside payouts and advertisers' billing.
 */
describe.each(databaseKinds)('house content on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let tokens: { admin: string; outletAdmin: string; outletEmployee: string; companyAdmin: string };
  let outlet: Awaited<ReturnType<typeof createOutlet>>;
  let otherOutlet: Awaited<ReturnType<typeof createOutlet>>;
  let paidAd: Awaited<ReturnType<typeof createAd>>;
  let screens: {
    here: string;
    hereFresh: Awaited<ReturnType<typeof createScreen>>;
    elsewhere: string;
    elsewhereId: string;
  };
  let paidListBefore: ScreenAd[];
  let house: Ad;

  /** The ads a screen is handed, as its player fetches them. */
  const listOf = async (token: string) => (await fetchScreenAds(t.app, token)) as ScreenAd[];

  beforeAll(async () => {
    await createRateCard(t.db, {
      effectiveFrom: new Date(Date.now() - 60 * DAY),
      tiers: { STANDARD: 150, PREMIUM: 250, FLAGSHIP: 400 },
    });
    const advertiser = await createCompany(t.db, { name: `Filter Coffee Co ${randomUUID().slice(0, 6)}` });
    outlet = await createOutlet(t.db, { name: 'Café Udupi', commissionBps: 1500, timezone: ZONE });
    otherOutlet = await createOutlet(t.db, { name: 'Gym Central', timezone: ZONE });
    // A paid ad everywhere at half the rounds: the loop has room for the outlet's own content.
    paidAd = await createAd(t.db, advertiser.id, { shareOfVoice: 50, durationSeconds: 10, title: 'Filter coffee' });
    const here = await createScreen(t.db, outlet.id);
    const elsewhere = await createScreen(t.db, otherOutlet.id);
    screens = {
      here: (await connectScreen(t.app, here)).access_token,
      // Connected only once the house ad plays, so its first list already holds it (decision 036).
      hereFresh: await createScreen(t.db, outlet.id),
      elsewhere: (await connectScreen(t.app, elsewhere)).access_token,
      elsewhereId: elsewhere.id,
    };
    tokens = {
      admin: await signInAs(t),
      outletAdmin: await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlet.id] }),
      outletEmployee: await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [outlet.id] }),
      companyAdmin: await signInAs(t, 'COMPANY_ADMIN', { companyId: advertiser.id }),
    };
    paidListBefore = await listOf(screens.here);
  });

  it('an outlet admin creates an ad for their outlet: house content, pending review, targeting that outlet', async () => {
    const created = await call('POST', '/api/ads', tokens.outletAdmin, {
      title: 'Thali of the day',
      type: 'IMAGE',
      media_url: '/media/thali-of-the-day.png',
      duration_seconds: 10,
      status: 'PENDING_REVIEW',
    });
    expect(created.statusCode, created.body).toBe(201);
    house = created.json().data;
    expect(house).toMatchObject({
      status: 'PENDING_REVIEW',
      house_outlet_id: outlet.id,
      company_id: outlet.id,
      company: { name: 'House content · Café Udupi' },
      targeting: { tags: [], outlet_ids: [outlet.id], pincodes: [], cities: [] },
    });

    // They see it and its review status beside the paid ads that play on their screens, as before.
    const listed = await call('GET', '/api/ads?pageSize=100', tokens.outletAdmin);
    const byId = new Map(listed.json().data.map((ad: Ad) => [ad.id, ad]));
    expect(byId.get(house.id)).toMatchObject({ status: 'PENDING_REVIEW' });
    expect(byId.has(paidAd.id)).toBe(true);
    expect(listed.json().data).toHaveLength(2);

    // Nobody plays it before review; the advertiser never sees it.
    expect((await listOf(screens.here)).map((ad) => ad.id)).not.toContain(house.id);
    expect((await call('GET', `/api/ads/${house.id}`, tokens.companyAdmin)).statusCode).toBe(404);
    const advertiserList = await call('GET', '/api/ads?pageSize=100', tokens.companyAdmin);
    expect(advertiserList.json().data.map((ad: Ad) => ad.id)).toEqual([paidAd.id]);
  });

  it('goes through the same review: only a global admin approves it', async () => {
    expect((await call('POST', `/api/ads/${house.id}/approve`, tokens.outletAdmin)).statusCode).toBe(403);
    const queue = await call('GET', '/api/ads?status=PENDING_REVIEW&pageSize=100', tokens.admin);
    expect(queue.json().data.map((ad: Ad) => ad.id)).toContain(house.id);
    const approved = await call('POST', `/api/ads/${house.id}/approve`, tokens.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('ACTIVE');
  });

  it("plays on its outlet's screens, after the paid ads with their weights unchanged, and on no other outlet's", async () => {
    const list = await listOf(screens.here);
    expect(list.map((ad) => ad.id)).toEqual([...paidListBefore.map((ad) => ad.id), house.id]);
    // The paid ad is handed exactly as before: same place, same share of voice, not house content.
    expect(list.slice(0, paidListBefore.length)).toEqual(paidListBefore);
    expect(list[0]).toMatchObject({ id: paidAd.id, schedule: { share_of_voice: 50 } });
    expect(list[0]).not.toHaveProperty('house_content');
    expect(list.at(-1)).toMatchObject({
      id: house.id,
      house_content: true,
      company: { name: 'House content · Café Udupi' },
    });

    expect((await listOf(screens.elsewhere)).map((ad) => ad.id)).toEqual([paidAd.id]);
    // Whatever its targeting came to say, the list keeps it to its outlet.
    await t.db.update(ads).set({ targetOutletIds: [] }).where(eq(ads.id, house.id));
    expect((await listOf(screens.elsewhere)).map((ad) => ad.id)).toEqual([paidAd.id]);
    expect((await listOf(screens.here)).map((ad) => ad.id)).toContain(house.id);
    await t.db
      .update(ads)
      .set({ targetOutletIds: [outlet.id] })
      .where(eq(ads.id, house.id));
  });

  it("refuses another outlet's screens: in the outlet named, in the targeting, and on edit", async () => {
    const body = { title: 'Happy hour', type: 'IMAGE', media_url: '/media/happy-hour.png' };
    const foreignOutlet = await call('POST', '/api/ads', tokens.outletAdmin, { ...body, outlet_id: otherOutlet.id });
    expect(foreignOutlet.statusCode).toBe(404);
    const foreignTarget = await call('POST', '/api/ads', tokens.outletAdmin, {
      ...body,
      targeting: { outlet_ids: [outlet.id, otherOutlet.id] },
    });
    expect(foreignTarget.statusCode).toBe(403);
    expect(foreignTarget.json().details).toEqual([expect.objectContaining({ path: 'targeting.outlet_ids' })]);
    const byCity = await call('POST', '/api/ads', tokens.outletAdmin, { ...body, targeting: { cities: ['Mysuru'] } });
    expect(byCity.statusCode).toBe(400);
    expect(byCity.json().details).toEqual([expect.objectContaining({ path: 'targeting.cities' })]);
    const widened = await call('PATCH', `/api/ads/${house.id}`, tokens.outletAdmin, {
      targeting: { outlet_ids: [otherOutlet.id] },
    });
    expect(widened.statusCode).toBe(403);
    // A global admin may edit it, but not move it to another outlet's screens either.
    const moved = await call('PATCH', `/api/ads/${house.id}`, tokens.admin, {
      targeting: { outlet_ids: [otherOutlet.id] },
    });
    expect(moved.statusCode).toBe(400);
    // Narrowing it by screen tags is theirs to do; its outlet stays filled in.
    const narrowed = await call('PATCH', `/api/ads/${house.id}`, tokens.outletAdmin, {
      targeting: { tags: ['counter'] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().data.targeting).toEqual({
      tags: ['counter'],
      outlet_ids: [outlet.id],
      pincodes: [],
      cities: [],
    });
    await call('PATCH', `/api/ads/${house.id}`, tokens.admin, { targeting: {} });
    // An advertiser makes no house content.
    const byAdvertiser = await call('POST', '/api/ads', tokens.companyAdmin, { ...body, outlet_id: outlet.id });
    expect(byAdvertiser.statusCode).toBe(403);
  });

  it("leaves advertisers' ads to them: outlet staff read them as before and change none", async () => {
    expect((await call('GET', `/api/ads/${paidAd.id}`, tokens.outletAdmin)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PATCH', `/api/ads/${paidAd.id}`, { title: 'Ours now' }],
      ['POST', `/api/ads/${paidAd.id}/pause`, undefined],
      ['DELETE', `/api/ads/${paidAd.id}`, undefined],
      ['POST', `/api/ads/${paidAd.id}/variants`, { label: 'B', type: 'IMAGE', media_url: '/media/b.png' }],
    ] as const) {
      const response = await call(method, url, tokens.outletAdmin, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
    }
    expect((await call('PATCH', `/api/ads/${paidAd.id}`, tokens.outletEmployee, { title: 'Ours' })).statusCode).toBe(
      403,
    );
    const [row] = await t.db.select({ title: ads.title, status: ads.status }).from(ads).where(eq(ads.id, paidAd.id));
    expect(row).toEqual({ title: 'Filter coffee', status: 'ACTIVE' });
  });

  it('lets an outlet employee draft house content and send it for review, not pause or delete it', async () => {
    const draft = await call('POST', '/api/ads', tokens.outletEmployee, {
      title: 'Monsoon specials',
      type: 'IMAGE',
      media_url: '/media/monsoon.png',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data).toMatchObject({ status: 'DRAFT', house_outlet_id: outlet.id });
    const submitted = await call('POST', `/api/ads/${draft.json().data.id}/submit`, tokens.outletEmployee);
    expect(submitted.json().data.status).toBe('PENDING_REVIEW');
    expect((await call('DELETE', `/api/ads/${draft.json().data.id}`, tokens.outletEmployee)).statusCode).toBe(403);
    expect((await call('POST', `/api/ads/${house.id}/pause`, tokens.outletEmployee)).statusCode).toBe(403);
    // An edit of the live house ad waits for review, as any advertiser's does (decision 038).
    const edited = await call('PATCH', `/api/ads/${house.id}`, tokens.outletEmployee, { title: 'Thali, new price' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Thali of the day', revision: { status: 'PENDING' } });
    expect((await call('DELETE', `/api/ads/${draft.json().data.id}`, tokens.outletAdmin)).statusCode).toBe(204);
  });

  it("stores its plays as proof of play at price 0, outside the payout and the advertiser's billing", async () => {
    // Two days ago on the outlet's clock, a day a payout may cover; the house ad made before it.
    await t.db
      .update(ads)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(ads.id, house.id));
    const fresh = await connectScreen(t.app, screens.hereFresh);
    const start = new Date(Date.parse(`${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)}T06:30:00Z`));
    const times = honestPlayTimes(start, 8, 15_000, ZONE);
    const play = (ad: { id: string; companyId: string }, at: (typeof times)[number]) => ({
      id: randomUUID(),
      ad_id: ad.id,
      screen_id: screens.hereFresh.id,
      company_id: ad.companyId,
      outlet_id: outlet.id,
      ...at,
      play_count: 1,
      additional_info: {},
    });
    const paidPlays = times.slice(0, 4).map((at) => play(paidAd, at));
    const stored = await postPlays(t.app, fresh.access_token, paidPlays);
    expect(stored.refused).toEqual([]);

    const day = times[0]!.play_date;
    const proposalUrl = `/api/screen-payout/proposal?outlet_id=${outlet.id}&period_start=${day}&period_end=${day}`;
    const spendUrl = `/api/ad-transaction/spend?from=${day}&to=${day}`;
    const [proposalBefore, spendBefore, advertiserSpendBefore] = await Promise.all([
      call('GET', proposalUrl, tokens.admin),
      call('GET', spendUrl, tokens.admin),
      call('GET', spendUrl, tokens.companyAdmin),
    ]);
    expect(proposalBefore.statusCode, proposalBefore.body).toBe(200);
    const freshLine = proposalBefore
      .json()
      .data.lines.find((line: { screen_id: string }) => line.screen_id === screens.hereFresh.id);
    expect(freshLine).toMatchObject({ plays: 4 });
    expect(freshLine.amount_minor).toBeGreaterThan(0);

    const housePlays = times.slice(4).map((at) => play({ id: house.id, companyId: outlet.id }, at));
    const answer = await postPlays(t.app, fresh.access_token, housePlays);
    expect(answer.refused).toEqual([]);
    expect(answer.stored.sort()).toEqual(housePlays.map((log) => log.id).sort());

    const prices = await t.db
      .select({ adId: playbackLogs.adId, price: playbackLogs.priceMinor })
      .from(playbackLogs)
      .where(
        inArray(
          playbackLogs.id,
          [...paidPlays, ...housePlays].map((log) => log.id),
        ),
      );
    expect(prices.filter((row) => row.adId === house.id).map((row) => row.price)).toEqual([0, 0, 0, 0]);
    expect(prices.filter((row) => row.adId === paidAd.id).every((row) => row.price > 0)).toBe(true);
    const [rollup] = await t.db
      .select({ plays: playRollupsDaily.plays, amount: playRollupsDaily.amountMinor })
      .from(playRollupsDaily)
      .where(sql`${playRollupsDaily.adId} = ${house.id} and ${playRollupsDaily.screenId} = ${screens.hereFresh.id}`);
    expect(rollup).toEqual({ plays: 4, amount: 0 });

    // The playback log shows them, labelled as the outlet's own.
    const log = await call('GET', `/api/playback-logs?ad_id=${house.id}&limit=10`, tokens.outletAdmin);
    expect(log.json().data).toHaveLength(4);
    expect(log.json().data[0]).toMatchObject({ house_content: true, company_name: 'House content · Café Udupi' });
    const paidLog = await call('GET', `/api/playback-logs?ad_id=${paidAd.id}&limit=1`, tokens.outletAdmin);
    expect(paidLog.json().data[0]).toMatchObject({ house_content: false });

    const [proposalAfter, spendAfter, advertiserSpendAfter] = await Promise.all([
      call('GET', proposalUrl, tokens.admin),
      call('GET', spendUrl, tokens.admin),
      call('GET', spendUrl, tokens.companyAdmin),
    ]);
    expect(proposalAfter.json()).toEqual(proposalBefore.json());
    expect(spendAfter.json()).toEqual(spendBefore.json());
    expect(advertiserSpendAfter.json()).toEqual(advertiserSpendBefore.json());
    expect(spendAfter.json().data.companies.map((row: { company_id: string }) => row.company_id)).not.toContain(
      outlet.id,
    );
  });

  it("refuses a play of it reported by another outlet's screen", async () => {
    const answer = await postPlays(t.app, screens.elsewhere, [
      {
        id: randomUUID(),
        ad_id: house.id,
        screen_id: screens.elsewhereId,
        company_id: outlet.id,
        outlet_id: otherOutlet.id,
        ...honestPlayTimes(new Date(Date.now() - 60_000), 1, 15_000, ZONE)[0],
        play_count: 1,
        additional_info: {},
      },
    ]);
    expect(answer.stored).toEqual([]);
    expect(answer.refused).toEqual([
      expect.objectContaining({ reason: "the ad was not on the screen's list at played_at" }),
    ]);
  });

  it('keeps the house account out of the companies and the money: no transaction, not listed, not found', async () => {
    const transaction = await call('POST', '/api/ad-transaction', tokens.admin, {
      company_id: outlet.id,
      amount_minor: 10_000,
      method: 'UPI',
      transacted_at: new Date().toISOString(),
    });
    expect(transaction.statusCode).toBe(400);
    const companies = await call('GET', '/api/ad-company?pageSize=100', tokens.admin);
    expect(companies.json().data.map((company: { id: string }) => company.id)).not.toContain(outlet.id);
    expect((await call('GET', `/api/ad-company/${outlet.id}`, tokens.admin)).statusCode).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const spend = await call(
      'GET',
      `/api/ad-transaction/spend?from=${today}&to=${today}&company_id=${outlet.id}`,
      tokens.admin,
    );
    expect(spend.statusCode).toBe(404);
  });

  it('names the house account after the outlet as it is called when its next house ad is made', async () => {
    await t.db.update(outlets).set({ name: 'Café Udupi, MG Road' }).where(eq(outlets.id, outlet.id));
    const created = await call('POST', '/api/ads', tokens.outletAdmin, {
      title: 'Filter coffee and vada',
      type: 'IMAGE',
      media_url: '/media/vada.png',
    });
    expect(created.json().data.company).toEqual({ name: 'House content · Café Udupi, MG Road' });
    const first = await call('GET', `/api/ads/${house.id}`, tokens.outletAdmin);
    expect(first.json().data.company).toEqual({ name: 'House content · Café Udupi, MG Road' });
  });
});
