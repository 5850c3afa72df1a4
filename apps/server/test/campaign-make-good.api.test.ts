import { randomUUID } from 'node:crypto';
import { scopeOf } from '@adloop/contract/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adTransactions,
  campaignReservations,
  campaigns,
  lineItemDeliveryHours,
  lineItemResolutions,
  lineItems,
} from '../src/db/schema.ts';
import { callerOf, contextFor } from '../src/lib/context.ts';
import { HttpError } from '../src/lib/http-error.ts';
import { authenticateStaff } from '../src/modules/auth/auth.service.ts';
import { campaignDelivery } from '../src/modules/campaigns/delivery.service.ts';
import { resolveShortfall } from '../src/modules/campaigns/make-good.service.ts';
import { companyBalance, replanCampaigns } from '../src/modules/campaigns/pacing.service.ts';
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
import {
  createAd,
  createCampaign,
  createCompany,
  createLineItem,
  createOutlet,
  createRateCard,
  createScreen,
} from './helpers/factories.ts';
import { atLocal } from './helpers/screen-history.ts';
import { bearer, signedIn } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Make-goods and credits (decision 086): a guaranteed line item lived on the test clock ends short
 * (its screens go dark), its campaign completes, and a global admin settles the shortfall once.
 */
describe.each(databaseKinds)('make-goods and credits on %s', (kind) => {
  const t = useTestApp(kind);
  const { live } = campaignClock(t);

  /** A service context of a new global admin, as the resolve route builds it. */
  async function adminContext() {
    const principal = await authenticateStaff(t.db, t.jwtSecret, (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token);
    if (!principal) throw new Error('the session did not resolve');
    return contextFor(t.db, t.app.events, callerOf(principal, scopeOf('GLOBAL_ADMIN', 'campaigns', 'resolve')));
  }

  /** A refusal of the service: its status and message. */
  async function refusal(work: Promise<unknown>) {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
  }

  /**
   * A campaign of 1,000 plays over one local day, booked on three screens that go dark after two
   * hours: it delivers about 1/12 of its goal, and is COMPLETED three days after it began.
   */
  async function livedShort(network: Network, startsOn: string) {
    const booked = await book(t.app, t.db, network, { startsOn, endsOn: startsOn });
    const start = atLocal(startsOn, 0, ZONE);
    const refused = await live(network, start, start + 2 * HOUR, (hourEnd) => {
      if (hourEnd === start + 2 * HOUR) for (const screen of network.screens) screen.online = false;
    });
    expect(refused).toEqual([]);
    const over = start + 3 * DAY;
    await replanCampaigns(t.db, { now: over });
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, booked.campaignId));
    expect(row!.status).toBe('COMPLETED');
    const [item] = await t.db.select().from(lineItems).where(eq(lineItems.id, booked.item.id));
    return { ...booked, item: item!, start, over };
  }

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    await createRateCard(t.db, {
      effectiveFrom: new Date(Date.now() - DAY),
      tiers: { STANDARD: PLAY_PRICE, PREMIUM: 200, FLAGSHIP: 300 },
    });
  });

  it('credits the shortfall: the balance grows by exactly quoted price × shortfall ÷ goal; a second settlement is a 409 naming the credit; the company admin reads it, may not settle (403), another company reads 404', async () => {
    const network = await seedNetwork(t.app, t.db);
    const { campaignId, item, over } = await livedShort(network, localDate(Date.now() + 2 * DAY));
    const admin = await adminContext();

    const delivery = await campaignDelivery(admin, campaignId, { now: over });
    const line = delivery.line_items[0]!;
    const shortfall = line.shortfall_quantity!;
    expect(shortfall).toBeGreaterThan(800);
    expect(shortfall).toBeLessThan(1000);
    const credit = Math.floor((item.quotedPriceMinor! * shortfall) / item.goalQuantity);
    expect(line.settlement).toMatchObject({ state: 'OPEN', credit_minor: credit, resolution: null, makes_good: null });

    // The company admin reads the offer, and may not settle it.
    const url = `/api/campaigns/${campaignId}/line-items/${item.id}/shortfall-resolution`;
    const buyer = await post(url, network.token, { kind: 'CREDIT' });
    expect(buyer.statusCode, buyer.body).toBe(403);

    const before = await companyBalance(t.db, network.company.id);
    const resolution = await resolveShortfall(admin, campaignId, item.id, { kind: 'CREDIT' }, { now: over });
    expect(resolution).toMatchObject({
      kind: 'CREDIT',
      shortfall_quantity: shortfall,
      credit_minor: credit,
      make_good: null,
    });
    expect(await companyBalance(t.db, network.company.id)).toBe(before + credit);
    const [written] = await t.db.select().from(adTransactions).where(eq(adTransactions.id, resolution.transaction_id!));
    expect(written).toMatchObject({ method: 'CREDIT', status: 'COMPLETED', amountMinor: credit, currency: 'INR' });
    expect(written!.reference).toContain(item.name);
    expect(written!.reference).toContain(
      (await t.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]!.name,
    );

    // Once: again on the test clock, and through the route.
    const again = await refusal(resolveShortfall(admin, campaignId, item.id, { kind: 'CREDIT' }, { now: over }));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already settled .* by a credit of ₹/);
    const adminToken = (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token;
    const twice = await post(url, adminToken, {
      kind: 'MAKE_GOOD',
      starts_on: localDate(over + 5 * DAY),
      ends_on: localDate(over + 5 * DAY),
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toMatch(/already settled .* by a credit of ₹/);
    expect(await companyBalance(t.db, network.company.id)).toBe(before + credit);

    // Company staff read the outcome; another company's admin does not learn the campaign exists.
    const read = await get(`/api/campaigns/${campaignId}/delivery`, network.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.line_items[0].settlement).toMatchObject({
      state: 'RESOLVED',
      resolution: { kind: 'CREDIT', credit_minor: credit },
    });
    const stranger = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: (await createCompany(t.db)).id });
    expect((await get(`/api/campaigns/${campaignId}/delivery`, stranger.token)).statusCode).toBe(404);
    expect((await post(url, stranger.token, { kind: 'CREDIT' })).statusCode).toBe(403);
  });

  it('makes good: a booked campaign of one line item for the shortfall with the same targeting and creatives, paid by a credit of its quote, so the advertiser pays nothing for its plays; nothing is written when its flight cannot be booked', async () => {
    const network = await seedNetwork(t.app, t.db);
    const { campaignId, item, over } = await livedShort(network, localDate(Date.now() + 20 * DAY));
    const admin = await adminContext();
    const shortfall = (await campaignDelivery(admin, campaignId, { now: over })).line_items[0]!.shortfall_quantity!;
    const flightDay = localDate(over + 2 * DAY);
    const companyCampaigns = async () =>
      (await t.db.select().from(campaigns).where(eq(campaigns.companyId, network.company.id))).length;
    const credits = async () =>
      (
        await t.db
          .select()
          .from(adTransactions)
          .where(and(eq(adTransactions.companyId, network.company.id), eq(adTransactions.method, 'CREDIT')))
      ).length;

    // A flight on a day the ad is already booked elsewhere: a 409, and nothing half-written.
    await book(t.app, t.db, network, { startsOn: flightDay, endsOn: flightDay }, { goalQuantity: 10 });
    const [campaignsBefore, creditsBefore] = [await companyCampaigns(), await credits()];
    const clash = await refusal(
      resolveShortfall(
        admin,
        campaignId,
        item.id,
        { kind: 'MAKE_GOOD', starts_on: flightDay, ends_on: flightDay },
        { now: over },
      ),
    );
    expect(clash.status).toBe(409);
    expect(clash.message).toMatch(/shares an ad/);
    expect(await companyCampaigns()).toBe(campaignsBefore);
    expect(await credits()).toBe(creditsBefore);
    expect(await t.db.select().from(lineItemResolutions).where(eq(lineItemResolutions.lineItemId, item.id))).toEqual(
      [],
    );

    // A flight already begun somewhere is refused, naming starts_on.
    const begun = await refusal(
      resolveShortfall(
        admin,
        campaignId,
        item.id,
        { kind: 'MAKE_GOOD', starts_on: localDate(over), ends_on: localDate(over) },
        { now: over },
      ),
    );
    expect(begun).toMatchObject({ status: 400, message: expect.stringContaining('starts_on') });

    const makeGoodDay = localDate(over + 4 * DAY);
    const before = await companyBalance(t.db, network.company.id);
    const resolution = await resolveShortfall(
      admin,
      campaignId,
      item.id,
      { kind: 'MAKE_GOOD', starts_on: makeGoodDay, ends_on: makeGoodDay },
      { now: over },
    );
    expect(resolution).toMatchObject({ kind: 'MAKE_GOOD', shortfall_quantity: shortfall });
    const [made] = await t.db.select().from(campaigns).where(eq(campaigns.id, resolution.make_good!.campaign_id));
    const [makeGood] = await t.db.select().from(lineItems).where(eq(lineItems.id, resolution.make_good!.line_item_id));
    expect(made).toMatchObject({
      status: 'BOOKED',
      companyId: network.company.id,
      budgetCapMinor: resolution.credit_minor,
    });
    expect(makeGood).toMatchObject({
      goalKind: 'PLAYS',
      goalQuantity: shortfall,
      pacing: 'EVEN',
      guaranteed: true,
      startsOn: makeGoodDay,
      endsOn: makeGoodDay,
      spotSeconds: item.spotSeconds,
      maxPlaysPerScreenHour: item.maxPlaysPerScreenHour,
      targeting: item.targeting,
      adIds: item.adIds,
      quotedPriceMinor: resolution.credit_minor,
    });
    const [reserved] = await t.db
      .select({ plays: sql<number>`sum(${campaignReservations.plays})::int` })
      .from(campaignReservations)
      .where(eq(campaignReservations.lineItemId, makeGood!.id));
    expect(reserved!.plays).toBe(shortfall);
    // Its quote, ₹1 a play, is credited: the balance covers its plays before they happen.
    expect(resolution.credit_minor).toBe(shortfall * PLAY_PRICE);
    expect(await companyBalance(t.db, network.company.id)).toBe(before + resolution.credit_minor);
    // The advertiser reads it as a make-good, and cannot cancel it and keep the credit that pays for it.
    expect((await get(`/api/campaigns/${made!.id}`, network.token)).json().data.make_good).toBe(true);
    expect((await get(`/api/campaigns/${campaignId}`, network.token)).json().data.make_good).toBe(false);
    const cancel = await post(`/api/campaigns/${made!.id}/cancel`, network.token, {});
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().message).toMatch(/make-good, paid by AdLoop's credit/);
    const [still] = await t.db.select().from(campaigns).where(eq(campaigns.id, made!.id));
    expect(still!.status).toBe('BOOKED');

    const again = await refusal(resolveShortfall(admin, campaignId, item.id, { kind: 'CREDIT' }, { now: over }));
    expect(again).toMatchObject({
      status: 409,
      message: expect.stringMatching(/already settled .* by a make-good, campaign "Make-good: /),
    });

    // The make-good flies: it delivers the shortfall, and its plays cost the advertiser nothing.
    for (const screen of network.screens) {
      screen.online = true;
      screen.queue = [];
    }
    const start = atLocal(makeGoodDay, 0, ZONE);
    expect(await live(network, start, start + DAY)).toEqual([]);
    await replanCampaigns(t.db, { now: start + 3 * DAY });
    const flown = await campaignDelivery(admin, made!.id, { now: start + 3 * DAY });
    const mgLine = flown.line_items[0]!;
    expect(flown.status).toBe('COMPLETED');
    expect(mgLine.delivered_plays).toBe(shortfall);
    expect(mgLine.spend_minor).toBeLessThanOrEqual(resolution.credit_minor);
    expect(await companyBalance(t.db, network.company.id)).toBe(before + resolution.credit_minor - mgLine.spend_minor);
    expect(await companyBalance(t.db, network.company.id)).toBeGreaterThanOrEqual(before);
    // It names what it makes good, and is owed nothing itself.
    expect(mgLine.settlement).toMatchObject({
      state: 'NOT_OWED',
      makes_good: { campaign_id: campaignId, line_item_id: item.id },
    });
    const original = await campaignDelivery(admin, campaignId, { now: start + 3 * DAY });
    expect(original.line_items[0]!.settlement).toMatchObject({
      state: 'RESOLVED',
      resolution: { kind: 'MAKE_GOOD', make_good: { campaign_id: made!.id, campaign_name: made!.name } },
    });
  });

  it('refuses what is not owed with a 409 saying why, and bad input with a 400 naming the field', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id);
    const admin = (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token;
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
    /** A line item of 10 plays at ₹10 two weeks ago, of a campaign in `status`. */
    async function flown(status: 'ACTIVE' | 'COMPLETED', more: Partial<typeof lineItems.$inferInsert> = {}) {
      const campaign = await createCampaign(t.db, company.id, { status });
      const item = await createLineItem(t.db, campaign.id, [ad.id], {
        startsOn: daysAgo(15),
        endsOn: daysAgo(14),
        goalQuantity: 10,
        quotedPriceMinor: 1_000,
        ...more,
      });
      return { item, url: `/api/campaigns/${campaign.id}/line-items/${item.id}/shortfall-resolution` };
    }

    const active = await flown('ACTIVE');
    const notOver = await post(active.url, admin, { kind: 'CREDIT' });
    expect(notOver.statusCode).toBe(409);
    expect(notOver.json().message).toMatch(/is ACTIVE: a shortfall is settled once the campaign is COMPLETED/);

    const loose = await flown('COMPLETED', { guaranteed: false });
    const notGuaranteed = await post(loose.url, admin, { kind: 'CREDIT' });
    expect(notGuaranteed.statusCode).toBe(409);
    expect(notGuaranteed.json().message).toMatch(/is not guaranteed/);

    const met = await flown('COMPLETED');
    const screen = await createScreen(t.db, (await createOutlet(t.db)).id);
    await t.db.insert(lineItemDeliveryHours).values({
      lineItemId: met.item.id,
      screenId: screen.id,
      localDate: met.item.startsOn,
      hour: 10,
      plays: 10,
      spendMinor: 1_000,
      impressions: 0,
    });
    const goalMet = await post(met.url, admin, { kind: 'CREDIT' });
    expect(goalMet.statusCode).toBe(409);
    expect(goalMet.json().message).toMatch(/met its goal \(10 plays of 10 plays\): nothing is owed/);

    const short = await flown('COMPLETED');
    const inDays = (days: number) => daysAgo(-days);
    for (const [payload, field] of [
      [{ kind: 'REFUND' }, 'kind'],
      [{}, 'kind'],
      [{ kind: 'MAKE_GOOD', ends_on: inDays(10) }, 'starts_on'],
      [{ kind: 'MAKE_GOOD', starts_on: inDays(10), ends_on: 'next week' }, 'ends_on'],
      [{ kind: 'MAKE_GOOD', starts_on: inDays(10), ends_on: inDays(9) }, 'ends_on'],
      [{ kind: 'MAKE_GOOD', starts_on: inDays(10), ends_on: inDays(10 + 92) }, 'ends_on'],
      [{ kind: 'CREDIT', starts_on: inDays(10) }, 'starts_on'],
      // Today has begun somewhere: a make-good flies on dates still to come everywhere.
      [{ kind: 'MAKE_GOOD', starts_on: inDays(0), ends_on: inDays(1) }, 'starts_on'],
      [{ kind: 'CREDIT', note: 'extra' }, 'note'],
    ] as const) {
      const response = await post(short.url, admin, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.body).toContain(field);
    }
    const wrongCampaign = await post(
      short.url.replace(/campaigns\/[^/]+/, `campaigns/${active.url.split('/')[3]}`),
      admin,
      { kind: 'CREDIT' },
    );
    expect(wrongCampaign.statusCode).toBe(404);
    const unknown = await post(short.url.replace(/campaigns\/[^/]+/, `campaigns/${randomUUID()}`), admin, {
      kind: 'CREDIT',
    });
    expect(unknown.statusCode).toBe(404);

    // The route settles on the server's own clock: 10 plays short at ₹10 is a credit of ₹10. Of two
    // admins settling at once, one does; the other is told what was chosen.
    const other = (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token;
    const both = await Promise.all([
      post(short.url, admin, { kind: 'CREDIT' }),
      post(short.url, other, { kind: 'CREDIT' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const credited = both.find((response) => response.statusCode === 201)!;
    expect(credited.json().data).toMatchObject({ kind: 'CREDIT', shortfall_quantity: 10, credit_minor: 1_000 });
    expect(both.find((response) => response.statusCode === 409)!.json().message).toMatch(/already settled/);
    const written = await t.db
      .select()
      .from(adTransactions)
      .where(and(eq(adTransactions.companyId, company.id), eq(adTransactions.method, 'CREDIT')));
    expect(written.map((row) => row.amountMinor)).toEqual([1_000]);
  });
});
