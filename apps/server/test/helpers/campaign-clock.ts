import { randomUUID } from 'node:crypto';
import { outletWallClock } from '@adloop/contract/clock';
import type { PlaybackLogEntry, ScreenAdPlan } from '@adloop/contract/screen';
import { ALWAYS } from '@adloop/contract/targeting';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { lineItems } from '../../src/db/schema.ts';
import type { ScreenPrincipal } from '../../src/lib/screen-principal.ts';
import { listAdsForScreen } from '../../src/modules/ads/screen-ads.service.ts';
import { replanCampaigns } from '../../src/modules/campaigns/pacing.service.ts';
import { ingestPlays } from '../../src/modules/playback-logs/playback-logs.service.ts';
import { recordServedList } from '../../src/modules/playback-logs/served-lists.ts';
import {
  createAd,
  createAdTransaction,
  createCampaign,
  createCompany,
  createLineItem,
  createOutlet,
  createScreen,
} from './factories.ts';
import { alwaysOn } from './screen-history.ts';
import { bearer, signedIn } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

/**
 * Campaigns lived on a test clock (decision 084): a flight's hours are lived one by one — the
 * server re-plans at each hour's start, each screen reads its list (with its plan) and plays what
 * the plan allows, spread over the hour, and sends its plays at the hour's end, all through the
 * services the routes call, each given the simulated instant as its clock.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const ZONE = 'Asia/Kolkata';
/** ₹1 a play at a STANDARD outlet: the card a test of campaigns puts in force. */
export const PLAY_PRICE = 100;
export const localDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

export interface SimScreen {
  principal: ScreenPrincipal;
  /** The plan the player last received for the creative: it keeps to it offline too. */
  plan: ScreenAdPlan | undefined;
  online: boolean;
  /** Plays made and not yet sent. */
  queue: PlaybackLogEntry[];
}

/** An outlet of always-on screens, an advertiser that paid `paid` paise, its ad and its company admin's token. */
export async function seedNetwork(app: FastifyInstance, db: Database, { screens: count = 3, paid = 100_000_000 } = {}) {
  const outlet = await createOutlet(db, { timezone: ZONE });
  const screens: SimScreen[] = [];
  for (let n = 0; n < count; n += 1) {
    const screen = await createScreen(db, outlet.id);
    await alwaysOn(db, screen, 30);
    screens.push({
      principal: {
        screenId: screen.id,
        screenCode: screen.screenCode,
        outletId: outlet.id,
        outletName: outlet.name,
        outletCode: outlet.outletCode,
        tags: [],
      },
      plan: undefined,
      online: true,
      queue: [],
    });
  }
  const company = await createCompany(db);
  await createAdTransaction(db, company.id, { status: 'COMPLETED', amountMinor: paid });
  // Targeted at an outlet of its own, so the ad plays nowhere but in its campaign.
  const elsewhere = await createOutlet(db, { timezone: ZONE });
  const ad = await createAd(db, company.id, { targetOutletIds: [elsewhere.id] });
  const token = (await signedIn(app, db, 'COMPANY_ADMIN', { companyId: company.id })).token;
  return { outlet, screens, company, ad, token };
}

export type Network = Awaited<ReturnType<typeof seedNetwork>>;

/** Books a campaign of one line item over the outlet's screens through the route. */
export async function book(
  app: FastifyInstance,
  db: Database,
  network: Network,
  flight: { startsOn: string; endsOn: string },
  more: Partial<typeof lineItems.$inferInsert> = {},
) {
  const campaign = await createCampaign(db, network.company.id);
  const item = await createLineItem(db, campaign.id, [network.ad.id], {
    ...flight,
    goalQuantity: 1000,
    pacing: 'EVEN',
    maxPlaysPerScreenHour: 30,
    spotSeconds: 10,
    targeting: { tags: [], outlet_ids: [network.outlet.id], pincodes: [], cities: [], schedule: { ...ALWAYS } },
    ...more,
  });
  const response = await app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/book`,
    headers: bearer(network.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { campaignId: campaign.id, item };
}

/** The screen's plays of the hour starting at `start`: what its plan allows, spread evenly over the hour. */
export function playHour(network: Network, screen: SimScreen, start: number): void {
  const hour = screen.plan?.hours.find((planned) => Date.parse(planned.starts_at) === start);
  const plays = hour?.max_plays ?? 0;
  for (let k = 0; k < plays; k += 1) {
    const at = start + Math.floor(((k + 0.5) * HOUR) / plays);
    const clock = outletWallClock(at, ZONE);
    screen.queue.push({
      id: randomUUID(),
      ad_id: network.ad.id,
      screen_id: screen.principal.screenId,
      company_id: network.company.id,
      outlet_id: network.outlet.id,
      play_date: clock.date,
      play_time: clock.time,
      play_count: 1,
      played_at: new Date(at).toISOString(),
      variant_id: null,
      additional_info: {},
    });
  }
}

/** Sending plays and living hours against the describe block's app (read when called: it is built in a hook). */
export function campaignClock(t: TestApp) {
  /** Sends a screen's queue as the player does (batches of 500) at `now`; returns what the server answered. */
  async function send(screen: SimScreen, logs: PlaybackLogEntry[], now: number) {
    const answer = { stored: 0, duplicates: 0, refused: [] as string[] };
    for (let from = 0; from < logs.length; from += 500) {
      const result = await ingestPlays(
        t.db,
        t.app.screenCache.adCompanies,
        screen.principal,
        { logs: logs.slice(from, from + 500), sent_at: new Date(now).toISOString() },
        t.app.pricing,
        t.app.mediaDurations,
        { now },
      );
      answer.stored += result.stored.length;
      answer.duplicates += result.duplicates.length;
      answer.refused.push(...result.refused.map((play) => play.reason));
    }
    return answer;
  }

  /**
   * Lives the hours from `start` to `end`: re-plan, lists, plays, sends. `each` runs after each
   * hour (with its end), and may take screens off line or bring them back.
   */
  async function live(
    network: Network,
    start: number,
    end: number,
    each: (hourEnd: number) => Promise<void> | void = () => {},
  ) {
    const refused: string[] = [];
    for (let at = start; at < end; at += HOUR) {
      await replanCampaigns(t.db, { now: at + 60_000 });
      for (const screen of network.screens) {
        if (screen.online) {
          const list = await listAdsForScreen(t.db, screen.principal, at + 60_000);
          await recordServedList(t.db, screen.principal.screenId, list);
          screen.plan = list.find((ad) => ad.id === network.ad.id)?.plan;
        }
        playHour(network, screen, at);
        if (screen.online && screen.queue.length > 0) {
          refused.push(...(await send(screen, screen.queue, at + HOUR - 1_000)).refused);
          screen.queue = [];
        }
      }
      await each(at + HOUR);
    }
    return refused;
  }

  return { send, live };
}
