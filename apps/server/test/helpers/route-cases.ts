import { randomBytes } from 'node:crypto';
import type { Action, Resource } from '@adloop/contract/permissions';
import { ALWAYS } from '@adloop/contract/targeting';
import { screenAudiences, screenPayouts } from '../../src/db/schema.ts';
import { createPairing } from '../../src/modules/screens/screen-pairing.service.ts';
import {
  createAd,
  createAdTransaction,
  createCampaign,
  createLineItem,
  createRateCard,
  createScreen,
} from './factories.ts';
import { bearer } from './sign-in.ts';
import { type Caller, ownerOf, RESOURCE_ROWS, type ResourceRows, type Tenant, type TwoTenants } from './tenants.ts';

/** One request of the permission matrix test (permissions.api.test.ts). */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Request {
  method: Method;
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}
export interface RouteCase {
  name: string;
  resource: Resource;
  action: Action;
  success: number;
  /** Whether the request names a tenant's row (else it runs once, as tenant A). */
  tenanted: boolean;
  build(world: TwoTenants, caller: Caller, tenant: Tenant): Promise<Request>;
}

export const at = (method: Method, url: string, payload?: object): Request => ({ method, url, payload });

const today = () => new Date().toISOString().slice(0, 10);
/** A day a week back: over in every time zone, so a payout period may end on it. */
const aWeekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
const inAYear = () => new Date(Date.now() + 365 * 86_400_000 + randomBytes(2).readUInt16BE(0) * 60_000).toISOString();

/** A row made by the global admin through the API, for a case that needs one to act on. */
async function madeByAdmin(world: TwoTenants, url: string, payload: object): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url,
    payload,
    headers: bearer(world.callers.GLOBAL_ADMIN.token),
  });
  if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

const transaction = (world: TwoTenants, tenant: Tenant) =>
  madeByAdmin(world, '/api/ad-transaction', {
    company_id: world.companies[tenant],
    amount_minor: 50_000,
    method: 'UPI',
    transacted_at: new Date().toISOString(),
  });

const takeoverBody = async (world: TwoTenants, tenant: Tenant) => ({
  kind: 'MESSAGE',
  message: 'Closing in ten minutes',
  screen_ids: [(await createScreen(world.db, world.outlets[tenant])).id],
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An approved ad of the tenant's company, made once a world: A's own ad is ACTIVE, B's a draft
 * (tenants.ts). More new ads would push A's off the first page of the ads list case.
 */
const approvedAds = new WeakMap<TwoTenants, string>();
async function approvedAd(world: TwoTenants, tenant: Tenant): Promise<string> {
  if (tenant === 'A') return world.ads.A;
  const made = approvedAds.get(world) ?? (await createAd(world.db, world.companies.B)).id;
  approvedAds.set(world, made);
  return made;
}

/** A new line item of the tenant's campaign, straight into the database. */
async function lineItemUrl(world: TwoTenants, tenant: Tenant): Promise<string> {
  const campaignId = world.rows.campaigns![tenant];
  const lineItem = await createLineItem(world.db, campaignId, [world.ads[tenant]]);
  return `/api/campaigns/${campaignId}/line-items/${lineItem.id}`;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A line item of a new COMPLETED campaign of the tenant that ended short: 10 plays guaranteed at
 * ₹10 two weeks ago, none delivered (decision 086); its own creative, so no flight of the tenant's
 * ad is taken.
 */
async function shortLineItemUrl(world: TwoTenants, tenant: Tenant): Promise<string> {
  const campaign = await createCampaign(world.db, world.companies[tenant], { status: 'COMPLETED' });
  const ad = await createAd(world.db, world.companies[tenant]);
  const lineItem = await createLineItem(world.db, campaign.id, [ad.id], {
    startsOn: daysAgo(15),
    endsOn: daysAgo(14),
    goalQuantity: 10,
    quotedPriceMinor: 1_000,
  });
  return `/api/campaigns/${campaign.id}/line-items/${lineItem.id}`;
}

/**
 * A new campaign of the tenant with one guaranteed line item of 10 plays on a new screen of the
 * tenant's outlet (the default on-air profile), a rate card in force since yesterday, and ₹500
 * paid: a quote, hold or book of it succeeds. Each flies on a day of its own: an ad runs in one
 * campaign at a time, and the tenant's ad is every campaign's creative.
 */
const bookingWorlds = new WeakSet<TwoTenants>();
let flightDays = 0;
async function bookableCampaign(world: TwoTenants, tenant: Tenant): Promise<string> {
  if (!bookingWorlds.has(world)) {
    bookingWorlds.add(world);
    await createRateCard(world.db, {
      effectiveFrom: new Date(Date.now() - 86_400_000),
      tiers: { STANDARD: 1, PREMIUM: 2, FLAGSHIP: 3 },
    });
    for (const owner of ['A', 'B'] as const) {
      await createAdTransaction(world.db, world.companies[owner], { status: 'COMPLETED', amountMinor: 50_000 });
    }
  }
  await createScreen(world.db, world.outlets[tenant]);
  const campaign = await createCampaign(world.db, world.companies[tenant]);
  flightDays += 1;
  await createLineItem(world.db, campaign.id, [world.ads[tenant]], {
    goalQuantity: 10,
    startsOn: inDays(1 + flightDays),
    endsOn: inDays(1 + flightDays),
    targeting: { tags: [], outlet_ids: [world.outlets[tenant]], pincodes: [], cities: [], schedule: { ...ALWAYS } },
  });
  return campaign.id;
}

/** A campaign booked on a screen of the tenant's outlet (RESOURCE_ROWS), made once a world. */
const screenCampaigns = new WeakMap<TwoTenants, Partial<Record<Tenant, string>>>();
async function screenCampaign(world: TwoTenants, tenant: Tenant): Promise<string> {
  const made = screenCampaigns.get(world) ?? {};
  screenCampaigns.set(world, made);
  made[tenant] ??= await (RESOURCE_ROWS.screenCampaigns as ResourceRows).make(ownerOf(world, tenant));
  return made[tenant];
}

const bookingCase = (verb: 'quote' | 'hold' | 'book' | 'cancel'): RouteCase => ({
  name: `POST /api/campaigns/:id/${verb}`,
  resource: 'campaigns',
  action: verb === 'quote' ? 'read' : 'update',
  success: 200,
  tenanted: true,
  build: async (w, _c, t) => at('POST', `/api/campaigns/${await bookableCampaign(w, t)}/${verb}`),
});

const read = (resource: Resource, url: string): RouteCase => ({
  name: `GET ${url}`,
  resource,
  action: 'read',
  success: 200,
  tenanted: false,
  build: async () => at('GET', url),
});

/** The routes of the resources beyond the usual CRUD ones (those are in the test file). */
export const MORE_ROUTES: RouteCase[] = [
  {
    name: 'GET /api/ad-transaction/:id',
    resource: 'adTransactions',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('GET', `/api/ad-transaction/${await transaction(w, t)}`),
  },
  {
    name: 'POST /api/ad-transaction',
    resource: 'adTransactions',
    action: 'create',
    success: 201,
    tenanted: false,
    build: async (w) =>
      at('POST', '/api/ad-transaction', {
        company_id: w.companies.A,
        amount_minor: 10_000,
        method: 'CASH',
        transacted_at: new Date().toISOString(),
      }),
  },
  {
    name: 'PATCH /api/ad-transaction/:id',
    resource: 'adTransactions',
    action: 'update',
    success: 200,
    tenanted: false,
    build: async (w) => at('PATCH', `/api/ad-transaction/${await transaction(w, 'A')}`, { status: 'COMPLETED' }),
  },
  read('screenPayouts', '/api/screen-payout'),
  {
    name: 'GET /api/screen-payout/proposal',
    resource: 'screenPayouts',
    action: 'create',
    success: 200,
    tenanted: false,
    build: async (w) =>
      at(
        'GET',
        `/api/screen-payout/proposal?outlet_id=${w.outlets.A}&period_start=${aWeekAgo()}&period_end=${aWeekAgo()}`,
      ),
  },
  {
    name: 'POST /api/screen-payout/:id/pay',
    resource: 'screenPayouts',
    action: 'update',
    success: 200,
    tenanted: false,
    build: async (w) => {
      const screen = await createScreen(w.db, w.outlets.A);
      const [payout] = await w.db
        .insert(screenPayouts)
        .values({
          screenId: screen.id,
          outletId: w.outlets.A,
          periodStart: today(),
          periodEnd: today(),
          amountMinor: 100,
        })
        .returning({ id: screenPayouts.id });
      return at('POST', `/api/screen-payout/${payout!.id}/pay`, { reference: 'UTR-PERMISSIONS' });
    },
  },
  {
    name: 'GET /api/screen-payout/earnings',
    resource: 'screenPayouts',
    action: 'read',
    success: 200,
    tenanted: false,
    // A global admin names the outlet; outlet staff may too (decision 092).
    build: async (w) => at('GET', `/api/screen-payout/earnings?outlet_id=${w.outlets.A}`),
  },
  read('alerts', '/api/alerts/offline-screens'),
  read('playbackLogs', '/api/playback-logs'),
  read('analytics', `/api/analytics/overview?from=${today()}&to=${today()}`),
  read('screenActivity', '/api/screen-activity/status'),
  read('alerts', '/api/alerts'),
  read('rateCards', '/api/rate-cards'),
  {
    name: 'POST /api/rate-cards',
    resource: 'rateCards',
    action: 'create',
    success: 201,
    tenanted: false,
    build: async () =>
      at('POST', '/api/rate-cards', {
        tiers: { STANDARD: 200, PREMIUM: 300, FLAGSHIP: 400 },
        effective_from: inAYear(),
      }),
  },
  {
    name: 'DELETE /api/rate-cards/:id',
    resource: 'rateCards',
    action: 'delete',
    success: 204,
    tenanted: false,
    build: async (w) =>
      at(
        'DELETE',
        `/api/rate-cards/${await madeByAdmin(w, '/api/rate-cards', {
          tiers: { STANDARD: 200, PREMIUM: 300, FLAGSHIP: 400 },
          effective_from: inAYear(),
        })}`,
      ),
  },
  read('takeovers', '/api/takeovers'),
  {
    name: 'POST /api/takeovers',
    resource: 'takeovers',
    action: 'create',
    success: 201,
    tenanted: true,
    build: async (w, _c, t) => at('POST', '/api/takeovers', await takeoverBody(w, t)),
  },
  {
    name: 'POST /api/takeovers/:id/end',
    resource: 'takeovers',
    action: 'update',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) =>
      at('POST', `/api/takeovers/${await madeByAdmin(w, '/api/takeovers', await takeoverBody(w, t))}/end`),
  },
  bookingCase('quote'),
  bookingCase('hold'),
  bookingCase('book'),
  bookingCase('cancel'),
  {
    name: 'POST /api/campaigns/:id/line-items/:lineItemId/shortfall-resolution',
    resource: 'campaigns',
    action: 'resolve',
    success: 201,
    tenanted: true,
    build: async (w, _c, t) => at('POST', `${await shortLineItemUrl(w, t)}/shortfall-resolution`, { kind: 'CREDIT' }),
  },
  {
    name: 'POST /api/ad-screens/:id/pair',
    resource: 'screens',
    action: 'update',
    success: 200,
    tenanted: true,
    // A code a fresh display is showing (decision 088), made as its request would make it.
    build: async (w, _c, t) =>
      at('POST', `/api/ad-screens/${w.screens[t]}/pair`, { code: (await createPairing(w.db)).code }),
  },
  {
    name: 'GET /api/inventory/screens/:id/audience',
    resource: 'screens',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => {
      await w.db
        .insert(screenAudiences)
        .values({ screenId: w.screens[t], impressionsPerPlay: Array(168).fill(2), source: 'Door counter' })
        .onConflictDoNothing();
      return at('GET', `/api/inventory/screens/${w.screens[t]}/audience`);
    },
  },
  {
    name: 'PUT /api/inventory/screens/:id/audience',
    resource: 'screens',
    action: 'update',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) =>
      at('PUT', `/api/inventory/screens/${w.screens[t]}/audience`, {
        source: 'Door counter',
        default_impressions_per_play: 3,
      }),
  },
  {
    name: 'GET /api/campaigns/:id/delivery',
    resource: 'campaigns',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('GET', `/api/campaigns/${w.rows.campaigns![t]}/delivery`),
  },
  {
    name: 'GET /api/campaigns/:id/line-items',
    resource: 'campaigns',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('GET', `/api/campaigns/${w.rows.campaigns![t]}/line-items`),
  },
  {
    name: 'GET /api/campaigns/:id/line-items/:lineItemId',
    resource: 'campaigns',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('GET', await lineItemUrl(w, t)),
  },
  {
    name: 'POST /api/campaigns/:id/line-items',
    resource: 'campaigns',
    action: 'update',
    success: 201,
    tenanted: true,
    build: async (w, _c, t) =>
      at('POST', `/api/campaigns/${w.rows.campaigns![t]}/line-items`, {
        name: 'Flight',
        starts_on: inDays(1),
        ends_on: inDays(7),
        goal_kind: 'PLAYS',
        goal_quantity: 1000,
        pacing: 'EVEN',
        ad_ids: [await approvedAd(w, t)],
      }),
  },
  {
    name: 'PATCH /api/campaigns/:id/line-items/:lineItemId',
    resource: 'campaigns',
    action: 'update',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('PATCH', await lineItemUrl(w, t), { name: 'Renamed' }),
  },
  {
    name: 'DELETE /api/campaigns/:id/line-items/:lineItemId',
    resource: 'campaigns',
    action: 'update',
    success: 204,
    tenanted: true,
    build: async (w, _c, t) => at('DELETE', await lineItemUrl(w, t)),
  },
  read('screenCampaigns', '/api/screen-campaigns'),
  {
    name: 'GET /api/screen-campaigns/:id',
    resource: 'screenCampaigns',
    action: 'read',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('GET', `/api/screen-campaigns/${await screenCampaign(w, t)}`),
  },
  {
    name: 'POST /api/auth/verify',
    resource: 'profile',
    action: 'read',
    success: 200,
    tenanted: false,
    build: async () => at('POST', '/api/auth/verify'),
  },
  {
    name: 'PATCH /api/auth/profile',
    resource: 'profile',
    action: 'update',
    success: 200,
    tenanted: false,
    build: async (_w, c) => at('PATCH', '/api/auth/profile', { name: `${c.role} renamed` }),
  },
];

/** Grants of the table that no route exercises, each with the reason; every other granted action needs a case. */
export const NO_ROUTE: Partial<Record<Resource, Partial<Record<Action, string>>>> = {
  adTransactions: { delete: 'no route deletes a transaction: a wrong one is marked FAILED or REFUNDED' },
  screenPayouts: { delete: 'no route deletes a payout: it is proposed, recorded and paid' },
  rateCards: { update: 'a rate card is replaced, never edited (decision 033)' },
};

/** Where each resource of FIELD_GRANTS shows and edits its fields: tenant A's row. */
export const FIELD_READERS: Partial<Record<Resource, (world: TwoTenants) => string>> = {
  outlets: (w) => `/api/outlets/${w.outlets.A}`,
  analytics: () => `/api/analytics/overview?from=${today()}&to=${today()}`,
};

export const FIELD_WRITERS: Partial<Record<Resource, (world: TwoTenants) => string>> = {
  outlets: (w) => `/api/outlets/${w.outlets.A}`,
  companies: (w) => `/api/ad-company/${w.companies.A}`,
  ads: (w) => `/api/ads/${w.ads.A}`,
};

/** A valid write of each writable field of FIELD_GRANTS, keyed `resource.field`, that changes nothing others test. */
export const FIELD_SAMPLES: Record<string, object> = {
  'outlets.outlet_code': { outlet_code: `FG-${randomBytes(3).toString('hex')}` },
  'outlets.commission_bps': { commission_bps: 1250 },
  'outlets.tier': { tier: 'PREMIUM' },
  'outlets.is_active': { is_active: true },
  // A public address: the API resolves a webhook's host (decision 075), and the tests have no DNS.
  'outlets.alert_webhook_url': {
    alert_webhook_url: 'https://93.184.215.14/adloop',
    alert_webhook_secret: 'a-secret-of-enough-length',
  },
  'outlets.alert_webhook_secret': { alert_webhook_secret: 'a-secret-of-enough-length' },
  'companies.is_active': { is_active: true },
  'ads.status': { status: 'ACTIVE' },
};
