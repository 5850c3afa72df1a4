import { ALWAYS } from '@adloop/contract/targeting';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campaignReservations, campaigns, lineItems } from '../src/db/schema.ts';
import {
  createAd,
  createAdTransaction,
  createCampaign,
  createCompany,
  createLineItem,
  createOutlet,
  createRateCard,
  createScreen,
} from './helpers/factories.ts';
import { onNineToFive } from './helpers/screen-history.ts';
import { bearer, signedIn } from './helpers/sign-in.ts';
import { createSharedApps, databaseKinds, type SharedApps, useTestApp } from './helpers/test-app.ts';

const DAY = 86_400_000;
/** The flight: one day, two days ahead, 10:00–11:00 in the outlet's zone; 30-second spots. */
const FLIGHT_DAY = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
const SPOT_SECONDS = 30;
/** ₹1.50 a play at a STANDARD outlet. */
const PLAY_PRICE = 150;

/**
 * A screen on air 09:00–17:00 in Kolkata for four weeks, so 10:00–11:00 holds 3,600 ÷ 30 = 120
 * plays; a rate card in force since yesterday; an advertiser with ₹1,00,000 paid, one with ₹100.
 */
async function seedWorld(app: FastifyInstance, db: Database) {
  const outlet = await createOutlet(db, { timezone: 'Asia/Kolkata' });
  const screen = await createScreen(db, outlet.id);
  await onNineToFive(db, screen, 'Asia/Kolkata', 30);
  await createRateCard(db, {
    effectiveFrom: new Date(Date.now() - DAY),
    tiers: { STANDARD: PLAY_PRICE, PREMIUM: 300, FLAGSHIP: 450 },
  });
  const rich = await createCompany(db);
  const poor = await createCompany(db);
  const other = await createCompany(db);
  await createAdTransaction(db, rich.id, { status: 'COMPLETED', amountMinor: 10_000_000 });
  await createAdTransaction(db, poor.id, { status: 'COMPLETED', amountMinor: 10_000 });
  const tokens = {
    admin: (await signedIn(app, db, 'GLOBAL_ADMIN')).token,
    companyAdmin: (await signedIn(app, db, 'COMPANY_ADMIN', { companyId: rich.id })).token,
    employee: (await signedIn(app, db, 'COMPANY_EMPLOYEE', { companyId: rich.id })).token,
    poorAdmin: (await signedIn(app, db, 'COMPANY_ADMIN', { companyId: poor.id })).token,
  };

  /**
   * A draft campaign of the company with one line item of `plays` on the screen in the flight's
   * hour (10:00 unless told), of an ad of its own: an ad runs in one campaign at a time.
   */
  async function campaignOf(
    company: 'rich' | 'poor' | 'other',
    plays: number,
    more: Partial<typeof lineItems.$inferInsert> = {},
    campaign: Partial<typeof campaigns.$inferInsert> = {},
    hour = 10,
  ) {
    const companyId = { rich: rich.id, poor: poor.id, other: other.id }[company];
    const made = await createCampaign(db, companyId, campaign);
    const ad = await createAd(db, companyId);
    await createLineItem(db, made.id, [ad.id], {
      startsOn: FLIGHT_DAY,
      endsOn: FLIGHT_DAY,
      goalQuantity: plays,
      spotSeconds: SPOT_SECONDS,
      targeting: {
        tags: [],
        outlet_ids: [outlet.id],
        pincodes: [],
        cities: [],
        schedule: { ...ALWAYS, start_time: `${hour}:00`, end_time: `${hour + 1}:00` },
      },
      ...more,
    });
    return made.id;
  }

  const post = (target: FastifyInstance, url: string, token = tokens.companyAdmin, payload?: object) =>
    target.inject({ method: 'POST', url, headers: bearer(token), payload });
  const move = (id: string, verb: 'quote' | 'hold' | 'book' | 'cancel', token?: string, target = app) =>
    post(target, `/api/campaigns/${id}/${verb}`, token);

  /** The hour's capacity and what is still available there, as the availability route answers. */
  async function inventory() {
    const response = await post(app, '/api/inventory/availability', tokens.admin, {
      targeting: { outlet_ids: [outlet.id] },
      schedule: { start_time: '10:00', end_time: '11:00' },
      starts_on: FLIGHT_DAY,
      ends_on: FLIGHT_DAY,
      spot_seconds: SPOT_SECONDS,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { capacity, available } = response.json().data.totals;
    return { capacity, available };
  }

  async function reservedOf(campaignId: string) {
    const items = await db.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.campaignId, campaignId));
    const rows = await db
      .select()
      .from(campaignReservations)
      .where(
        inArray(
          campaignReservations.lineItemId,
          items.map((item) => item.id),
        ),
      );
    return rows.reduce((sum, row) => sum + row.plays, 0);
  }

  const statusOf = async (id: string) =>
    (await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.status;

  return { screen, tokens, campaignOf, move, inventory, reservedOf, statusOf };
}

describe.each(databaseKinds)('campaign quote, hold and book on %s', (kind) => {
  const t = useTestApp(kind);
  let world: Awaited<ReturnType<typeof seedWorld>>;
  let booked = '';

  beforeAll(async () => {
    world = await seedWorld(t.app, t.db);
  });

  it('quotes the plan and its price by the rate card, writing nothing', async () => {
    const id = await world.campaignOf('rich', 100);
    const response = await world.move(id, 'quote', world.tokens.employee);
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json().data;
    expect(quote).toMatchObject({ campaign_id: id, currency: 'INR', total_minor: 100 * PLAY_PRICE, fits: true });
    expect(quote.line_items[0]).toMatchObject({ goal_plays: 100, planned_plays: 100, shortfall_plays: 0 });
    expect(quote.line_items[0].hours).toEqual([
      { screen_id: world.screen.id, date: FLIGHT_DAY, hour: 10, plays: 100, price_minor: 100 * PLAY_PRICE },
    ]);
    expect(await world.reservedOf(id)).toBe(0);
    expect(await world.statusOf(id)).toBe('DRAFT');
  });

  it('a screen-hour of 120 plays with 100 booked guaranteed has 20 available', async () => {
    expect(await world.inventory()).toEqual({ capacity: 120, available: 120 });
    booked = await world.campaignOf('rich', 100);
    const response = await world.move(booked, 'book');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'BOOKED', hold_expires_at: null });
    expect(await world.reservedOf(booked)).toBe(100);
    expect(await world.inventory()).toEqual({ capacity: 120, available: 20 });
    const [item] = await t.db.select().from(lineItems).where(eq(lineItems.campaignId, booked));
    expect(item!.quotedPriceMinor).toBe(100 * PLAY_PRICE);
  });

  it('a non-guaranteed line item reserves nothing: its plan is kept, for delivery against it, and the inventory is untouched', async () => {
    const id = await world.campaignOf('rich', 10, { guaranteed: false });
    expect((await world.move(id, 'hold')).statusCode).toBe(200);
    expect(await world.reservedOf(id)).toBe(10);
    expect(await world.inventory()).toEqual({ capacity: 120, available: 20 });
    expect((await world.move(id, 'cancel')).statusCode).toBe(200);
  });

  it('a request for 50 of the 20 left is refused with a 409 naming what fits, nothing written', async () => {
    const id = await world.campaignOf('rich', 50);
    for (const verb of ['hold', 'book'] as const) {
      const response = await world.move(id, verb);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toContain('20 of 50 plays fit');
      expect(response.json().details).toEqual([
        expect.objectContaining({ message: expect.stringContaining('20 of 50') }),
      ]);
    }
    expect(await world.reservedOf(id)).toBe(0);
    expect(await world.statusOf(id)).toBe('DRAFT');
    const quote = (await world.move(id, 'quote')).json().data;
    expect(quote).toMatchObject({ fits: false });
    expect(quote.line_items[0]).toMatchObject({ planned_plays: 20, shortfall_plays: 30 });
  });

  it('of two bookings of 15 racing for the last 20, exactly one wins', async () => {
    const ids = [await world.campaignOf('rich', 15), await world.campaignOf('rich', 15)];
    const answers = await Promise.all(ids.map((id) => world.move(id, 'book')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409)!;
    expect(lost.json().message).toContain('5 of 15 plays fit');
    expect(await world.inventory()).toEqual({ capacity: 120, available: 5 });
    const won = ids[answers.findIndex((answer) => answer.statusCode === 200)]!;
    expect((await world.move(won, 'cancel')).statusCode).toBe(200);
    expect(await world.inventory()).toEqual({ capacity: 120, available: 20 });
  });

  it('an ad runs in one campaign at a time: a line item sharing an ad with a booked one whose flight overlaps is a 409', async () => {
    const first = await world.campaignOf('rich', 5);
    expect((await world.move(first, 'book')).statusCode).toBe(200);
    const [item] = await t.db.select().from(lineItems).where(eq(lineItems.campaignId, first));
    const second = await world.campaignOf('rich', 5);
    await t.db.update(lineItems).set({ adIds: item!.adIds }).where(eq(lineItems.campaignId, second));
    const response = await world.move(second, 'book');
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(/shares an ad with line item .* whose flight overlaps/);
    expect(await world.statusOf(second)).toBe('DRAFT');
    expect(await world.reservedOf(second)).toBe(0);
    expect((await world.move(first, 'cancel')).statusCode).toBe(200);
  });

  it('a booking beyond the company’s balance is refused naming the balance, nothing written', async () => {
    // ₹100 paid; 100 plays at 12:00 at ₹1.50 are quoted ₹150.
    const id = await world.campaignOf('poor', 100, {}, {}, 12);
    const quote = (await world.move(id, 'quote', world.tokens.poorAdmin)).json().data;
    expect(quote.total_minor).toBe(100 * PLAY_PRICE);
    const response = await world.move(id, 'book', world.tokens.poorAdmin);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toContain('balance of ₹100.00');
    expect(response.json().message).toContain('₹150.00');
    expect(await world.statusOf(id)).toBe('DRAFT');
    expect(await world.reservedOf(id)).toBe(0);
    const [item] = await t.db.select().from(lineItems).where(eq(lineItems.campaignId, id));
    expect(item!.quotedPriceMinor).toBeNull();
  });

  it('a BUDGET goal becomes the plays its money buys at the hours’ prices', async () => {
    const id = await world.campaignOf('poor', 9_000, { goalKind: 'BUDGET' }, {}, 12);
    const quote = (await world.move(id, 'quote', world.tokens.poorAdmin)).json().data;
    expect(quote.line_items[0]).toMatchObject({ goal_plays: 60, planned_plays: 60, price_minor: 9_000 });
    expect((await world.move(id, 'book', world.tokens.poorAdmin)).statusCode).toBe(200);
    expect((await world.move(id, 'cancel', world.tokens.poorAdmin)).statusCode).toBe(200);
  });

  it('a booking beyond the campaign’s budget cap is refused naming budget_cap_minor', async () => {
    const id = await world.campaignOf('rich', 20, {}, { budgetCapMinor: 1_000 });
    const response = await world.move(id, 'book');
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toContain('budget_cap_minor');
    expect(await world.reservedOf(id)).toBe(0);
  });

  it('cancelling a booking frees its inventory', async () => {
    const response = await world.move(booked, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('CANCELLED');
    expect(await world.reservedOf(booked)).toBe(0);
    expect(await world.inventory()).toEqual({ capacity: 120, available: 120 });
    expect((await world.move(booked, 'book')).statusCode).toBe(409);
  });

  it('a hold reserves for 24 hours; once expired its inventory is free, it reads and edits as a draft, and it is cleaned on the next hold', async () => {
    const held = await world.campaignOf('rich', 120);
    const response = await world.move(held, 'hold');
    expect(response.statusCode, response.body).toBe(200);
    const expires = Date.parse(response.json().data.hold_expires_at);
    expect(Math.abs(expires - (Date.now() + DAY))).toBeLessThan(60_000);
    expect(await world.inventory()).toEqual({ capacity: 120, available: 0 });
    expect((await world.move(held, 'hold')).statusCode).toBe(409);

    await t.db
      .update(campaigns)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, held));
    expect(await world.inventory()).toEqual({ capacity: 120, available: 120 });
    // It reads, and may be edited, as the draft it is again.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${held}`,
      headers: bearer(world.tokens.companyAdmin),
    });
    expect(read.json().data).toMatchObject({ status: 'DRAFT', hold_expires_at: null });
    const drafts = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns?status=DRAFT&pageSize=100',
      headers: bearer(world.tokens.companyAdmin),
    });
    expect(drafts.json().data.map((row: { id: string }) => row.id)).toContain(held);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/campaigns/${held}`,
      headers: bearer(world.tokens.companyAdmin),
      payload: { name: 'Held once' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const next = await world.campaignOf('rich', 120);
    expect((await world.move(next, 'hold')).statusCode).toBe(200);
    expect(await world.statusOf(held)).toBe('DRAFT');
    expect(await world.reservedOf(held)).toBe(0);
    expect((await world.move(next, 'book')).statusCode).toBe(200);
    expect((await world.move(next, 'cancel')).statusCode).toBe(200);
  });

  it('another tenant’s campaign is 404; an employee may quote only; no caller is 401', async () => {
    const foreign = await world.campaignOf('other', 10);
    for (const verb of ['quote', 'hold', 'book', 'cancel'] as const) {
      expect((await world.move(foreign, verb)).statusCode).toBe(404);
    }
    const own = await world.campaignOf('rich', 10);
    expect((await world.move(own, 'quote', world.tokens.employee)).statusCode).toBe(200);
    for (const verb of ['hold', 'book', 'cancel'] as const) {
      expect((await world.move(own, verb, world.tokens.employee)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/campaigns/${own}/quote` });
    expect(anonymous.statusCode).toBe(401);
    expect((await world.move(foreign, 'quote', world.tokens.admin)).statusCode).toBe(200);
  });

  it('bad input is a 400: an id that is no UUID, an IMPRESSIONS goal where no screen has an audience estimate', async () => {
    for (const verb of ['quote', 'hold', 'book', 'cancel'] as const) {
      const response = await world.move('not-a-uuid', verb);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('id');
    }
    const impressions = await world.campaignOf('rich', 1000, { goalKind: 'IMPRESSIONS' });
    for (const verb of ['quote', 'hold', 'book'] as const) {
      const response = await world.move(impressions, verb);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain('no screen it reaches has an audience estimate');
      expect(response.body).toContain('goal_kind');
    }
    expect(await world.statusOf(impressions)).toBe('DRAFT');
  });
});

describe.skipIf(!databaseKinds.includes('postgres'))('booking across two app instances on PostgreSQL', () => {
  let shared: SharedApps;
  let world: Awaited<ReturnType<typeof seedWorld>>;

  beforeAll(async () => {
    shared = await createSharedApps(2);
    world = await seedWorld(shared.apps[0]!, shared.db);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('of two bookings of 15 racing for the last 20 through two servers, exactly one wins', async () => {
    const first = await world.campaignOf('rich', 100);
    expect((await world.move(first, 'book')).statusCode).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      const ids = [await world.campaignOf('rich', 15), await world.campaignOf('rich', 15)];
      const answers = await Promise.all(ids.map((id, n) => world.move(id, 'book', undefined, shared.apps[n]!)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await world.inventory()).toEqual({ capacity: 120, available: 5 });
      const won = ids[answers.findIndex((answer) => answer.statusCode === 200)]!;
      expect((await world.move(won, 'cancel')).statusCode).toBe(200);
    }
  });
});
