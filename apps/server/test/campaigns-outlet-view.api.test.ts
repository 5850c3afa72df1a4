import { randomUUID } from 'node:crypto';
import type { ScreenCampaign } from '@adloop/contract/screen-campaigns';
import { ALWAYS } from '@adloop/contract/targeting';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignReservations, campaigns, lineItemPlans } from '../src/db/schema.ts';
import { deliveredHours } from '../src/modules/campaigns/line-item-delivery.ts';
import {
  book,
  campaignClock,
  DAY,
  HOUR,
  localDate,
  type Network,
  PLAY_PRICE,
  seedNetwork,
  ZONE,
} from './helpers/campaign-clock.ts';
import { createAd, createCampaign, createLineItem, createRateCard } from './helpers/factories.ts';
import { atLocal } from './helpers/screen-history.ts';
import { bearer, signedIn } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Outlet staff read the campaigns booked on their screens (decision 087, issue 20 point 7): their
 * screens' share of booked, planned and delivered plays, never money; another outlet's campaigns
 * and anything not yet booked stay out of sight; they cannot price, hold, book or cancel.
 */

/** Key names that would carry money: paise, prices, quotes, budgets, spend, CPM, balances. */
const MONEY = /minor|price|budget|spend|cpm|balance|cost|amount|quote|paise|rupee|commission|payout/i;

/** Every key of a JSON answer, at any depth, with its path. */
function keysOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => keysOf(entry, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [`${path}.${key}`, ...keysOf(entry, `${path}.${key}`)]);
}

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);

describe.each(databaseKinds)('campaigns on an outlet’s screens on %s', (kind) => {
  const t = useTestApp(kind);
  const { live } = campaignClock(t);
  /** Outlet A's network (advertiser X) and outlet B's (advertiser Y). */
  let a: Network;
  let b: Network;
  const tokens = {} as Record<'ownerA' | 'employeeA' | 'ownerB' | 'admin' | 'companyAdmin', string>;
  /** Booked on A's screens and flown for three hours; booked on A's and B's screens, not begun. */
  let flown: { campaignId: string; item: Awaited<ReturnType<typeof book>>['item'] };
  let shared: { campaignId: string };

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const listed = async (token: string, query = '') => {
    const response = await get(`/api/screen-campaigns?pageSize=100${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ScreenCampaign[];
  };
  const one = async (id: string, token: string) => {
    const response = await get(`/api/screen-campaigns/${id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ScreenCampaign;
  };
  const reservedOn = async (lineItemId: string, screenIds: string[]) =>
    sum(
      await t.db
        .select()
        .from(campaignReservations)
        .where(and(eq(campaignReservations.lineItemId, lineItemId), inArray(campaignReservations.screenId, screenIds))),
      (row) => row.plays,
    );
  const screenIdsOf = (network: Network) => network.screens.map((screen) => screen.principal.screenId);

  beforeAll(async () => {
    await createRateCard(t.db, {
      effectiveFrom: new Date(Date.now() - DAY),
      tiers: { STANDARD: PLAY_PRICE, PREMIUM: 200, FLAGSHIP: 300 },
    });
    a = await seedNetwork(t.app, t.db, { screens: 2 });
    b = await seedNetwork(t.app, t.db, { screens: 2 });
    tokens.ownerA = (await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [a.outlet.id] })).token;
    tokens.employeeA = (await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [a.outlet.id] })).token;
    tokens.ownerB = (await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [b.outlet.id] })).token;
    tokens.admin = (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token;
    tokens.companyAdmin = a.token;

    const startsOn = localDate(Date.now() + 2 * DAY);
    flown = await book(t.app, t.db, a, { startsOn, endsOn: startsOn });
    const start = atLocal(startsOn, 0, ZONE);
    expect(await live(a, start, start + 3 * HOUR)).toEqual([]);

    const sharedAd = await createAd(t.db, a.company.id);
    const sharedOn = localDate(Date.now() + 4 * DAY);
    shared = await book(
      t.app,
      t.db,
      a,
      { startsOn: sharedOn, endsOn: sharedOn },
      {
        adIds: [sharedAd.id],
        goalQuantity: 200,
        targeting: {
          tags: [],
          outlet_ids: [a.outlet.id, b.outlet.id],
          pincodes: [],
          cities: [],
          schedule: { ...ALWAYS, start_time: '10:00', end_time: '14:00' },
        },
      },
    );
  }, 120_000);

  it("shows outlet A's owner the campaign flown on A's screens: advertiser, flight in A's zone, creatives, and A's booked, planned and delivered plays", async () => {
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, flown.campaignId));
    expect(row!.status).toBe('ACTIVE');
    const view = (await listed(tokens.ownerA)).find((campaign) => campaign.id === flown.campaignId);
    expect(view).toBeDefined();
    expect(view).toMatchObject({
      name: row!.name,
      status: 'ACTIVE',
      advertiser: { name: a.company.name },
      starts_on: flown.item.startsOn,
      ends_on: flown.item.endsOn,
      outlets: [{ id: a.outlet.id, name: a.outlet.name, timezone: ZONE }],
    });
    const [item] = view!.line_items;
    expect(item!.creatives).toEqual([
      {
        id: a.ad.id,
        title: a.ad.title,
        type: a.ad.type,
        media_url: a.ad.mediaUrl,
        duration_seconds: a.ad.durationSeconds,
      },
    ]);
    expect(item!.dayparts).toEqual({ days_of_week: [], start_time: null, end_time: null });

    const delivered = await deliveredHours(t.db, flown.item);
    const plans = await t.db.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, flown.item.id));
    expect(sum(delivered, (hour) => hour.plays)).toBeGreaterThan(0);
    expect(view!.totals).toEqual({
      booked_plays: await reservedOn(flown.item.id, screenIdsOf(a)),
      planned_plays: sum(plans, (plan) => plan.maxPlays),
      delivered_plays: sum(delivered, (hour) => hour.plays),
    });
    expect(view!.totals.booked_plays).toBe(1000);
    expect(item!.screens.map((screen) => screen.screen_id).sort()).toEqual(screenIdsOf(a).sort());
    for (const screen of item!.screens) {
      const own = await deliveredHours(t.db, flown.item, { screenId: screen.screen_id });
      expect(screen.delivered_plays).toBe(sum(own, (hour) => hour.plays));
      expect(screen.planned_plays).toBeGreaterThanOrEqual(screen.delivered_plays);
    }
    // The list and the one route answer alike; the outlet's employee reads the same.
    expect(await one(flown.campaignId, tokens.ownerA)).toEqual(view);
    expect(await one(flown.campaignId, tokens.employeeA)).toEqual(view);
  });

  it('answers no money anywhere: no key names paise, a price, a budget, spend, CPM or a balance', async () => {
    const answers = [
      (await get('/api/screen-campaigns?pageSize=100', tokens.ownerA)).json(),
      (await get(`/api/screen-campaigns/${flown.campaignId}`, tokens.ownerA)).json(),
      (await get(`/api/screen-campaigns/${shared.campaignId}`, tokens.ownerB)).json(),
      (await get('/api/screen-campaigns?pageSize=100', tokens.admin)).json(),
    ];
    const keys = answers.flatMap((answer) => keysOf(answer));
    expect(keys.length).toBeGreaterThan(50);
    expect(keys.filter((key) => MONEY.test(key.split('.').at(-1)!))).toEqual([]);
    // What the advertiser reads of the same campaign does carry money: the walk would catch it.
    const advertiser = (await get(`/api/campaigns/${flown.campaignId}/line-items`, tokens.companyAdmin)).json();
    expect(keysOf(advertiser).some((key) => MONEY.test(key.split('.').at(-1)!))).toBe(true);
  });

  it("keeps each outlet to its own screens: B's owner never sees A's campaign, and a campaign on both shows each outlet its share", async () => {
    expect((await listed(tokens.ownerB)).map((campaign) => campaign.id)).not.toContain(flown.campaignId);
    expect((await get(`/api/screen-campaigns/${flown.campaignId}`, tokens.ownerB)).statusCode).toBe(404);

    const [item] = (await one(shared.campaignId, tokens.admin)).line_items;
    const ofA = await one(shared.campaignId, tokens.ownerA);
    const ofB = await one(shared.campaignId, tokens.ownerB);
    expect(ofA.outlets.map((outlet) => outlet.id)).toEqual([a.outlet.id]);
    expect(ofB.outlets.map((outlet) => outlet.id)).toEqual([b.outlet.id]);
    expect(ofA.line_items[0]!.screens.map((screen) => screen.outlet_id)).toEqual(a.screens.map(() => a.outlet.id));
    expect(ofB.line_items[0]!.screens.map((screen) => screen.outlet_id)).toEqual(b.screens.map(() => b.outlet.id));
    expect(ofA.totals.booked_plays).toBe(await reservedOn(item!.id, screenIdsOf(a)));
    expect(ofB.totals.booked_plays).toBe(await reservedOn(item!.id, screenIdsOf(b)));
    expect(ofA.totals.booked_plays).toBeGreaterThan(0);
    expect(ofB.totals.booked_plays).toBeGreaterThan(0);
    expect(ofA.totals.booked_plays + ofB.totals.booked_plays).toBe(200);
    expect(ofA.line_items[0]!.dayparts).toMatchObject({ start_time: '10:00', end_time: '14:00' });
    expect((await listed(tokens.ownerB)).map((campaign) => campaign.id)).toEqual([shared.campaignId]);

    // A global admin reads every screen's share, or one outlet's.
    expect(item!.booked_plays).toBe(200);
    expect((await listed(tokens.admin, `&outlet_id=${b.outlet.id}`)).find((c) => c.id === shared.campaignId)).toEqual(
      ofB,
    );
    // An outlet of someone else's named in the filter narrows nothing open.
    expect((await listed(tokens.ownerA, `&outlet_id=${b.outlet.id}`)).map((campaign) => campaign.id)).toEqual([]);
  });

  it('never shows what is not booked: a draft or a hold on the same screens, or a cancelled campaign, is invisible', async () => {
    const on = localDate(Date.now() + 6 * DAY);
    const draftOf = async () => {
      const draft = await createCampaign(t.db, a.company.id);
      const item = await createLineItem(t.db, draft.id, [(await createAd(t.db, a.company.id)).id], {
        startsOn: on,
        endsOn: on,
        goalQuantity: 20,
        targeting: { tags: [], outlet_ids: [a.outlet.id], pincodes: [], cities: [], schedule: { ...ALWAYS } },
      });
      return { id: draft.id, item };
    };
    const draft = await draftOf();
    // Even with a reservation left on A's screen (an expired hold's, not yet cleaned), a draft stays out.
    await t.db.insert(campaignReservations).values({
      lineItemId: draft.item.id,
      screenId: a.screens[0]!.principal.screenId,
      localDate: on,
      hour: 12,
      plays: 20,
      priceMinor: 2_000,
    });
    const held = await draftOf();
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${held.id}/hold`,
      headers: bearer(a.token),
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(await reservedOn(held.item.id, screenIdsOf(a))).toBe(20);
    const cancelled = await draftOf();
    for (const verb of ['book', 'cancel']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${cancelled.id}/${verb}`,
        headers: bearer(a.token),
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    for (const token of [tokens.ownerA, tokens.admin]) {
      const ids = (await listed(token)).map((campaign) => campaign.id);
      for (const hidden of [draft.id, held.id, cancelled.id]) {
        expect(ids).not.toContain(hidden);
        expect((await get(`/api/screen-campaigns/${hidden}`, token)).statusCode).toBe(404);
      }
    }
  });

  it('lets outlet staff read only: quoting, holding, booking, cancelling and the advertiser’s own routes are 403', async () => {
    const draft = await createCampaign(t.db, a.company.id);
    await createLineItem(t.db, draft.id, [(await createAd(t.db, a.company.id)).id], {
      targeting: { tags: [], outlet_ids: [a.outlet.id], pincodes: [], cities: [], schedule: { ...ALWAYS } },
    });
    for (const token of [tokens.ownerA, tokens.employeeA]) {
      for (const id of [draft.id, flown.campaignId]) {
        for (const verb of ['quote', 'hold', 'book', 'cancel']) {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/campaigns/${id}/${verb}`,
            headers: bearer(token),
          });
          expect(response.statusCode, `${verb}: ${response.body}`).toBe(403);
        }
        for (const path of ['', '/delivery', '/line-items']) {
          expect((await get(`/api/campaigns/${id}${path}`, token)).statusCode).toBe(403);
        }
      }
      expect((await get('/api/campaigns', token)).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, flown.campaignId));
    expect(row!.status).toBe('ACTIVE');
  });

  it('answers 401 without a session, 403 to company staff, 400 on a bad filter or id, 404 on an unknown campaign', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/screen-campaigns' })).statusCode).toBe(401);
    expect((await get('/api/screen-campaigns', tokens.companyAdmin)).statusCode).toBe(403);
    expect((await get(`/api/screen-campaigns/${flown.campaignId}`, tokens.companyAdmin)).statusCode).toBe(403);
    for (const [query, field] of [
      ['status=DRAFT', 'status'],
      ['outlet_id=not-a-uuid', 'outlet_id'],
      ['sort=budget', 'sort'],
    ] as const) {
      const response = await get(`/api/screen-campaigns?${query}`, tokens.ownerA);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(field);
    }
    expect((await get('/api/screen-campaigns/not-a-uuid', tokens.ownerA)).statusCode).toBe(400);
    expect((await get(`/api/screen-campaigns/${randomUUID()}`, tokens.admin)).statusCode).toBe(404);
  });

  it('filters by status and pages', async () => {
    expect((await listed(tokens.ownerA, '&status=BOOKED')).map((campaign) => campaign.id)).toEqual([shared.campaignId]);
    expect((await listed(tokens.ownerA, '&status=ACTIVE')).map((campaign) => campaign.id)).toEqual([flown.campaignId]);
    const page = await get('/api/screen-campaigns?pageSize=1&page=2', tokens.ownerA);
    expect(page.json().meta).toEqual({ page: 2, pageSize: 1, total: 2 });
    // Delivering first, then booked.
    expect(page.json().data.map((campaign: ScreenCampaign) => campaign.id)).toEqual([shared.campaignId]);
  });
});
