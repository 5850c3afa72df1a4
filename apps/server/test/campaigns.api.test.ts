import { randomUUID } from 'node:crypto';
import type { Role } from '@adloop/contract/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns, lineItems } from '../src/db/schema.ts';
import { createAd, createCampaign, createCompany, createLineItem, createOutlet } from './helpers/factories.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds)('campaigns and line items on %s', (kind) => {
  const t = useTestApp(kind);
  let companyA: string;
  let companyB: string;
  let activeAd: string;
  let draftAd: string;
  let foreignAd: string;
  let tokens: Record<Role, string>;

  beforeAll(async () => {
    companyA = (await createCompany(t.db)).id;
    companyB = (await createCompany(t.db)).id;
    activeAd = (await createAd(t.db, companyA)).id;
    draftAd = (await createAd(t.db, companyA, { status: 'PENDING_REVIEW', title: 'Unreviewed' })).id;
    foreignAd = (await createAd(t.db, companyB)).id;
    const outlet = (await createOutlet(t.db)).id;
    tokens = {
      GLOBAL_ADMIN: await signInAs(t, 'GLOBAL_ADMIN'),
      COMPANY_ADMIN: await signInAs(t, 'COMPANY_ADMIN', { companyId: companyA }),
      COMPANY_EMPLOYEE: await signInAs(t, 'COMPANY_EMPLOYEE', { companyId: companyA }),
      OUTLET_ADMIN: await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlet] }),
      OUTLET_EMPLOYEE: await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [outlet] }),
      UNMAPPED: await signInAs(t, 'UNMAPPED'),
    };
  });

  const call = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[role]), payload });

  const lineItemBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Cafes, Bengaluru, next week',
    starts_on: day(1),
    ends_on: day(7),
    goal_kind: 'PLAYS',
    goal_quantity: 1000,
    pacing: 'EVEN',
    ad_ids: [activeAd],
    targeting: {
      cities: ['Bengaluru'],
      schedule: { days_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '17:00' },
    },
    ...overrides,
  });

  /** The 400's field: the first detail's path. */
  const fieldOf = (response: { statusCode: number; json(): { details?: Array<{ path: string }> } }) => {
    expect(response.statusCode).toBe(400);
    // Schema errors name the request part (`body.name`), the service's the field alone.
    return response.json().details?.[0]?.path?.replace(/^body\./, '');
  };

  describe('campaigns by role', () => {
    it('lets a company admin create, read, edit and delete its own draft', async () => {
      const created = await call('COMPANY_ADMIN', 'POST', '/api/campaigns', {
        name: 'Diwali',
        budget_cap_minor: 200_000,
      });
      expect(created.statusCode).toBe(201);
      const campaign = created.json().data;
      expect(campaign).toMatchObject({ company_id: companyA, status: 'DRAFT', budget_cap_minor: 200_000 });
      expect((await call('COMPANY_ADMIN', 'GET', `/api/campaigns/${campaign.id}`)).json().data.name).toBe('Diwali');
      const list = await call('COMPANY_ADMIN', 'GET', '/api/campaigns?status=DRAFT');
      expect(list.json().data.map((row: { id: string }) => row.id)).toContain(campaign.id);
      const edited = await call('COMPANY_ADMIN', 'PATCH', `/api/campaigns/${campaign.id}`, { budget_cap_minor: null });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data.budget_cap_minor).toBeNull();
      expect((await call('COMPANY_ADMIN', 'DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
      expect((await call('COMPANY_ADMIN', 'GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    });

    it('lets a company employee read its company campaigns and line items, and change nothing', async () => {
      const campaign = await createCampaign(t.db, companyA);
      await createLineItem(t.db, campaign.id, [activeAd]);
      expect((await call('COMPANY_EMPLOYEE', 'GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(200);
      expect(
        (await call('COMPANY_EMPLOYEE', 'GET', `/api/campaigns/${campaign.id}/line-items`)).json().data,
      ).toHaveLength(1);
      expect((await call('COMPANY_EMPLOYEE', 'POST', '/api/campaigns', { name: 'Mine' })).statusCode).toBe(403);
      expect((await call('COMPANY_EMPLOYEE', 'PATCH', `/api/campaigns/${campaign.id}`, { name: 'X' })).statusCode).toBe(
        403,
      );
      expect((await call('COMPANY_EMPLOYEE', 'DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(403);
      expect(
        (await call('COMPANY_EMPLOYEE', 'POST', `/api/campaigns/${campaign.id}/line-items`, lineItemBody())).statusCode,
      ).toBe(403);
    });

    it('keeps outlet staff and unmapped users out (403), money included', async () => {
      const campaign = await createCampaign(t.db, companyA);
      for (const role of ['OUTLET_ADMIN', 'OUTLET_EMPLOYEE', 'UNMAPPED'] as const) {
        expect((await call(role, 'GET', '/api/campaigns')).statusCode).toBe(403);
        expect((await call(role, 'GET', `/api/campaigns/${campaign.id}`)).statusCode).toBe(403);
        expect((await call(role, 'GET', `/api/campaigns/${campaign.id}/line-items`)).statusCode).toBe(403);
        expect((await call(role, 'POST', '/api/campaigns', { name: 'X', company_id: companyA })).statusCode).toBe(403);
      }
    });

    it('lets a global admin act for any company, naming it', async () => {
      const missing = await call('GLOBAL_ADMIN', 'POST', '/api/campaigns', { name: 'For B' });
      expect(fieldOf(missing)).toBe('company_id');
      const created = await call('GLOBAL_ADMIN', 'POST', '/api/campaigns', { name: 'For B', company_id: companyB });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      const list = await call('GLOBAL_ADMIN', 'GET', `/api/campaigns?company_id=${companyB}`);
      expect(list.json().data.every((row: { company_id: string }) => row.company_id === companyB)).toBe(true);
      expect((await call('GLOBAL_ADMIN', 'PATCH', `/api/campaigns/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
      expect((await call('GLOBAL_ADMIN', 'DELETE', `/api/campaigns/${id}`)).statusCode).toBe(204);
    });

    it("answers 404 for another tenant's campaign and its line items, and lists none of them", async () => {
      const foreign = await createCampaign(t.db, companyB);
      const item = await createLineItem(t.db, foreign.id, [foreignAd]);
      const base = `/api/campaigns/${foreign.id}`;
      for (const role of ['COMPANY_ADMIN', 'COMPANY_EMPLOYEE'] as const) {
        expect((await call(role, 'GET', base)).statusCode).toBe(404);
        expect((await call(role, 'GET', `${base}/line-items`)).statusCode).toBe(404);
        expect((await call(role, 'GET', `${base}/line-items/${item.id}`)).statusCode).toBe(404);
        const listed = (await call(role, 'GET', '/api/campaigns?pageSize=100')).json().data;
        expect(listed.some((row: { id: string }) => row.id === foreign.id)).toBe(false);
      }
      expect((await call('COMPANY_ADMIN', 'PATCH', base, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await call('COMPANY_ADMIN', 'DELETE', base)).statusCode).toBe(404);
      expect((await call('COMPANY_ADMIN', 'POST', `${base}/line-items`, lineItemBody())).statusCode).toBe(404);
      expect((await call('COMPANY_ADMIN', 'DELETE', `${base}/line-items/${item.id}`)).statusCode).toBe(404);
      const forB = await call('COMPANY_ADMIN', 'POST', '/api/campaigns', { name: 'For B', company_id: companyB });
      expect(forB.statusCode).toBe(404);
      // A line item reached through a campaign it is not of.
      const own = await createCampaign(t.db, companyA);
      expect((await call('COMPANY_ADMIN', 'GET', `/api/campaigns/${own.id}/line-items/${item.id}`)).statusCode).toBe(
        404,
      );
      expect((await t.db.select().from(campaigns).where(eq(campaigns.id, foreign.id))).length).toBe(1);
    });
  });

  describe('line items', () => {
    it('lets a company admin add, read, edit and delete a flight of its draft', async () => {
      const campaign = await createCampaign(t.db, companyA);
      const base = `/api/campaigns/${campaign.id}/line-items`;
      const created = await call(
        'COMPANY_ADMIN',
        'POST',
        base,
        lineItemBody({ daily_cap: 200, max_plays_per_screen_hour: 6 }),
      );
      expect(created.statusCode).toBe(201);
      const item = created.json().data;
      expect(item).toMatchObject({
        campaign_id: campaign.id,
        goal_kind: 'PLAYS',
        goal_quantity: 1000,
        guaranteed: true,
        spot_seconds: 10,
        ad_ids: [activeAd],
        quoted_price_minor: null,
      });
      // The ads' schedule object, its dates the flight's.
      expect(item.targeting.cities).toEqual(['Bengaluru']);
      expect(item.targeting.schedule).toMatchObject({
        start_date: day(1),
        end_date: day(7),
        days_of_week: [1, 2, 3, 4, 5],
        start_time: '09:00',
        end_time: '17:00',
      });
      expect((await call('COMPANY_ADMIN', 'GET', `${base}/${item.id}`)).json().data.id).toBe(item.id);
      const edited = await call('COMPANY_ADMIN', 'PATCH', `${base}/${item.id}`, {
        ends_on: day(14),
        goal_kind: 'BUDGET',
        goal_quantity: 500_000,
        pacing: 'FRONTLOADED',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data).toMatchObject({ ends_on: day(14), goal_kind: 'BUDGET', pacing: 'FRONTLOADED' });
      expect(edited.json().data.targeting.schedule.end_date).toBe(day(14));
      expect((await call('COMPANY_ADMIN', 'DELETE', `${base}/${item.id}`)).statusCode).toBe(204);
      expect((await call('COMPANY_ADMIN', 'GET', base)).json().data).toEqual([]);
    });

    it('deletes a draft campaign with its line items', async () => {
      const campaign = await createCampaign(t.db, companyA);
      await createLineItem(t.db, campaign.id, [activeAd]);
      expect((await call('COMPANY_ADMIN', 'DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
      expect(await t.db.select().from(lineItems).where(eq(lineItems.campaignId, campaign.id))).toEqual([]);
    });
  });

  describe('bad input: a 400 naming the field', () => {
    let base: string;
    let itemUrl: string;
    beforeAll(async () => {
      const campaign = await createCampaign(t.db, companyA);
      base = `/api/campaigns/${campaign.id}/line-items`;
      itemUrl = `${base}/${(await createLineItem(t.db, campaign.id, [activeAd], { dailyCap: 200 })).id}`;
    });

    it('refuses a campaign name empty or too long, and a budget cap of 0 or less', async () => {
      expect(fieldOf(await call('COMPANY_ADMIN', 'POST', '/api/campaigns', { name: '  ' }))).toBe('name');
      expect(fieldOf(await call('COMPANY_ADMIN', 'POST', '/api/campaigns', { name: 'x'.repeat(121) }))).toBe('name');
      const zero = await call('COMPANY_ADMIN', 'POST', '/api/campaigns', { name: 'Z', budget_cap_minor: 0 });
      expect(fieldOf(zero)).toBe('budget_cap_minor');
      const half = await call('COMPANY_ADMIN', 'POST', '/api/campaigns', { name: 'Z', budget_cap_minor: 10.5 });
      expect(fieldOf(half)).toBe('budget_cap_minor');
    });

    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['an empty name', { name: '' }, 'name'],
      ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name'],
      ['a flight starting in the past', { starts_on: day(-3) }, 'starts_on'],
      ['a flight ending before it starts', { starts_on: day(5), ends_on: day(3) }, 'ends_on'],
      ['a date that is no date', { starts_on: '2026-02-30' }, 'starts_on'],
      ['a goal of 0', { goal_quantity: 0 }, 'goal_quantity'],
      ['a negative goal', { goal_quantity: -5 }, 'goal_quantity'],
      ['an unknown goal kind', { goal_kind: 'CLICKS' }, 'goal_kind'],
      ['an unknown pacing', { pacing: 'SOMETIMES' }, 'pacing'],
      ['a daily cap of 0', { daily_cap: 0 }, 'daily_cap'],
      ['a max plays per screen-hour of 0', { max_plays_per_screen_hour: 0 }, 'max_plays_per_screen_hour'],
      ['a daily cap that cannot reach the plays goal', { daily_cap: 100 }, 'daily_cap'],
      ['a spot of 0 seconds', { spot_seconds: 0 }, 'spot_seconds'],
      ['no ads', { ad_ids: [] }, 'ad_ids'],
      ['an unknown ad', { ad_ids: [randomUUID()] }, 'ad_ids'],
      ['an ad of another company', { ad_ids: ['FOREIGN'] }, 'ad_ids'],
      ['an ad not yet approved', { ad_ids: ['UNREVIEWED'] }, 'ad_ids'],
      ['targeting with an unknown kind', { targeting: { planets: ['Mars'] } }, 'targeting'],
      ['targeting with a bad pincode', { targeting: { pincodes: ['12'] } }, 'targeting.pincodes.0'],
      ['targeting with an unknown outlet', { targeting: { outlet_ids: [randomUUID()] } }, 'targeting.outlet_ids'],
      [
        'a daypart ending when it starts',
        { targeting: { schedule: { start_time: '09:00', end_time: '09:00' } } },
        'targeting.schedule.end_time',
      ],
      [
        'schedule dates beside the flight',
        { targeting: { schedule: { start_date: day(2) } } },
        'targeting.schedule.start_date',
      ],
    ];
    // The ads are made in beforeAll: a case names them, and they are read when it runs.
    const resolve = (body: Record<string, unknown>) => {
      const ids = body.ad_ids as string[] | undefined;
      if (!ids) return body;
      return { ...body, ad_ids: ids.map((id) => ({ FOREIGN: foreignAd, UNREVIEWED: draftAd })[id] ?? id) };
    };

    it.each(cases)('refuses %s on create', async (_what, overrides, field) => {
      const response = await call('COMPANY_ADMIN', 'POST', base, lineItemBody(resolve(overrides)));
      expect(fieldOf(response)).toBe(field);
      expect(response.json().message).toMatch(/\S/);
    });

    it.each(cases)('refuses %s on edit', async (_what, overrides, field) => {
      const body = resolve(overrides);
      // A flight shortened to one day makes the stored cap of 200 a day contradict a goal of 1,000.
      const change = field === 'daily_cap' && body.daily_cap === 100 ? { ends_on: day(1) } : body;
      const response = await call('COMPANY_ADMIN', 'PATCH', itemUrl, change);
      expect(fieldOf(response)).toBe(field);
    });

    it('refuses a flight that ends in the past, and accepts one starting yesterday (UTC)', async () => {
      expect(fieldOf(await call('COMPANY_ADMIN', 'PATCH', itemUrl, { ends_on: day(-2) }))).toBe('ends_on');
      const yesterday = await call('COMPANY_ADMIN', 'POST', base, lineItemBody({ starts_on: day(-1) }));
      expect(yesterday.statusCode).toBe(201);
    });

    it('refuses an empty edit', async () => {
      expect((await call('COMPANY_ADMIN', 'PATCH', itemUrl, {})).statusCode).toBe(400);
      expect((await call('COMPANY_ADMIN', 'PATCH', base.replace('/line-items', ''), {})).statusCode).toBe(400);
    });
  });

  describe('only a draft changes', () => {
    it('answers 409 saying why for an edit or delete of a held or booked campaign and its line items', async () => {
      for (const status of ['HELD', 'BOOKED', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const) {
        const campaign = await createCampaign(t.db, companyA, { status });
        const item = await createLineItem(t.db, campaign.id, [activeAd]);
        const url = `/api/campaigns/${campaign.id}`;
        const edit = await call('COMPANY_ADMIN', 'PATCH', url, { name: 'Late change' });
        expect(edit.statusCode).toBe(409);
        expect(edit.json().message).toContain(status);
        expect((await call('COMPANY_ADMIN', 'DELETE', url)).statusCode).toBe(409);
        expect((await call('COMPANY_ADMIN', 'POST', `${url}/line-items`, lineItemBody())).statusCode).toBe(409);
        expect((await call('COMPANY_ADMIN', 'PATCH', `${url}/line-items/${item.id}`, { name: 'X' })).statusCode).toBe(
          409,
        );
        expect((await call('COMPANY_ADMIN', 'DELETE', `${url}/line-items/${item.id}`)).statusCode).toBe(409);
        expect((await call('GLOBAL_ADMIN', 'PATCH', url, { name: 'Late change' })).statusCode).toBe(409);
        // Still readable.
        expect((await call('COMPANY_EMPLOYEE', 'GET', `${url}/line-items/${item.id}`)).statusCode).toBe(200);
      }
    });
  });
});
