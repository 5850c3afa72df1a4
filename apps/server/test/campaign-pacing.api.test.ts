import { randomUUID } from 'node:crypto';
import { outletWallClock } from '@adloop/contract/clock';
import { scopeOf } from '@adloop/contract/permissions';
import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { ALWAYS } from '@adloop/contract/targeting';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads, alerts, campaigns, companyUsers, lineItemPlans, lineItems, playbackLogs } from '../src/db/schema.ts';
import { callerOf, contextFor } from '../src/lib/context.ts';
import { listAdsForScreen } from '../src/modules/ads/screen-ads.service.ts';
import { alertChannels } from '../src/modules/alerts/alert-delivery.ts';
import { runAlertTick } from '../src/modules/alerts/alert-tick.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { authenticateStaff } from '../src/modules/auth/auth.service.ts';
import { quoteOf } from '../src/modules/campaigns/campaign-quote.ts';
import { campaignDelivery } from '../src/modules/campaigns/delivery.service.ts';
import { deliveredHours, deliveredTotals } from '../src/modules/campaigns/line-item-delivery.ts';
import { companyBalance, replanCampaigns } from '../src/modules/campaigns/pacing.service.ts';
import { campaignReservedPlays } from '../src/modules/inventory/reserved-plays.ts';
import { recordServedList } from '../src/modules/playback-logs/served-lists.ts';
import { loadCards } from '../src/modules/pricing/pricing.service.ts';
import { startSmtpServer, startWebhookReceiver, WEBHOOK_SECRET } from './helpers/alert-peers.ts';
import {
  book,
  campaignClock,
  DAY,
  HOUR,
  localDate,
  PLAY_PRICE,
  playHour,
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
  createUser,
} from './helpers/factories.ts';
import { atLocal } from './helpers/screen-history.ts';
import { bearer, loginAs, signedIn } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Pacing on a test clock (decision 084, issue 20's acceptance): a flight's hours are lived one by
 * one — the server re-plans at each hour's start, each screen reads its list (with its plan) and
 * plays what the plan allows, spread over the hour, and sends its plays at the hour's end, all
 * through the services the routes call, each given the simulated instant as its clock.
 */

describe.each(databaseKinds)('campaign pacing on a test clock on %s', (kind) => {
  const t = useTestApp(kind);

  const { send, live } = campaignClock(t);

  beforeAll(async () => {
    await createRateCard(t.db, {
      effectiveFrom: new Date(Date.now() - DAY),
      tiers: { STANDARD: PLAY_PRICE, PREMIUM: 200, FLAGSHIP: 300 },
    });
  });

  it('paces 1,000 plays evenly over two days on three screens: 500 ± 5 % after day one, 1,000–1,050 at the end, no screen-hour above its cap', async () => {
    const network = await seedNetwork(t.app, t.db);
    const startsOn = localDate(Date.now() + 2 * DAY);
    const endsOn = localDate(Date.now() + 3 * DAY);
    const { campaignId, item } = await book(t.app, t.db, network, { startsOn, endsOn });
    const start = atLocal(startsOn, 0, ZONE);

    const refused = await live(network, start, start + DAY);
    expect(refused).toEqual([]);
    const dayOne = (await deliveredHours(t.db, item)).reduce((sum, row) => sum + row.plays, 0);
    expect(dayOne).toBeGreaterThanOrEqual(475);
    expect(dayOne).toBeLessThanOrEqual(525);
    const [status] = await t.db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    expect(status!.status).toBe('ACTIVE');

    expect(await live(network, start + DAY, start + 2 * DAY)).toEqual([]);
    const hours = await deliveredHours(t.db, item);
    const total = hours.reduce((sum, row) => sum + row.plays, 0);
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(total).toBeLessThanOrEqual(1050);
    expect(Math.max(...hours.map((row) => row.plays))).toBeLessThanOrEqual(30);

    // The delivery report reads the same stored plays, per local date.
    const admin = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}/delivery`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report.totals.delivered_plays).toBe(total);
    expect(report.totals.spend_minor).toBe(total * PLAY_PRICE);
    expect(report.line_items[0].days.map((day: { date: string }) => day.date)).toEqual([startsOn, endsOn]);
    expect(report.line_items[0].days[0].delivered_plays).toBe(dayOne);

    // COMPLETED once the flight has ended in every zone and the plans' horizon has passed.
    await replanCampaigns(t.db, { now: start + 3 * DAY });
    const [after] = await t.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
    expect(after!.status).toBe('COMPLETED');
  });

  it('counts a screen that played six hours off line once, in the hours it played, when its plays arrive late and twice; the goal is still met', async () => {
    const network = await seedNetwork(t.app, t.db);
    const startsOn = localDate(Date.now() + 5 * DAY);
    const endsOn = localDate(Date.now() + 6 * DAY);
    const { item } = await book(t.app, t.db, network, { startsOn, endsOn });
    const start = atLocal(startsOn, 0, ZONE);
    const dark = network.screens[2]!;
    const offlineFrom = start + 10 * HOUR;
    const offlineTo = offlineFrom + 6 * HOUR;
    let kept: PlaybackLogEntry[] = [];
    let resent = { stored: 0, duplicates: 0, refused: [] as string[] };

    const refused = await live(network, start, start + 2 * DAY, async (hourEnd) => {
      if (hourEnd === offlineFrom) dark.online = false;
      if (hourEnd === offlineTo) {
        // Back on line: the queue goes out, and then again (a lost answer), before the next hour.
        kept = dark.queue;
        const first = await send(dark, kept, hourEnd + 30_000);
        resent = await send(dark, kept, hourEnd + 60_000);
        expect(first.refused).toEqual([]);
        expect(first.stored).toBe(kept.length);
        dark.queue = [];
        dark.online = true;
      }
    });
    expect(refused).toEqual([]);
    // It played its plan for the hours it had it (the plan reaches six hours ahead).
    expect(kept.length).toBeGreaterThan(0);
    expect(resent).toMatchObject({ stored: 0, duplicates: kept.length, refused: [] });

    const darkHours = await deliveredHours(t.db, item, { screenId: dark.principal.screenId });
    for (const log of kept) {
      const hour = darkHours.find(
        (row) => row.date === log.play_date && row.hour === Number(log.play_time.slice(0, 2)),
      );
      expect(hour, `${log.play_date} ${log.play_time}`).toBeDefined();
    }
    const inWindow = darkHours
      .filter((row) => {
        const at = atLocal(row.date, row.hour, ZONE);
        return at >= offlineFrom && at < offlineTo;
      })
      .reduce((sum, row) => sum + row.plays, 0);
    expect(inWindow).toBe(kept.length);

    const total = (await deliveredHours(t.db, item)).reduce((sum, row) => sum + row.plays, 0);
    expect(total).toBeGreaterThanOrEqual(980);
    expect(total).toBeLessThanOrEqual(1050);
    // The delivery kept as plays are stored agrees with the stored proof of play, and its totals with its hours.
    const [logged] = await t.db
      .select({ plays: sql<number>`coalesce(sum(${playbackLogs.playCount}), 0)::int` })
      .from(playbackLogs)
      .where(and(inArray(playbackLogs.adId, item.adIds), between(playbackLogs.playDate, item.startsOn, item.endsOn)));
    expect(total).toBe(logged!.plays);
    expect(await deliveredTotals(t.db, item.id)).toMatchObject({ plays: total });
    // Rebuilt from the logs (`npm run rollups:rebuild`), it is the same.
    const before = await deliveredTotals(t.db, item.id);
    await rebuildRollups(t.db);
    expect(await deliveredTotals(t.db, item.id)).toEqual(before);
  });

  it('never bills past the balance: ₹100 paid, ₹1 a play, ASAP; the advertiser spends ₹30 elsewhere meanwhile, so the report shows a shortfall of 30', async () => {
    const network = await seedNetwork(t.app, t.db, { paid: 100 * PLAY_PRICE });
    const startsOn = localDate(Date.now() + 8 * DAY);
    const { campaignId, item } = await book(
      t.app,
      t.db,
      network,
      { startsOn, endsOn: startsOn },
      { goalQuantity: 100, pacing: 'ASAP', maxPlaysPerScreenHour: 5 },
    );
    const start = atLocal(startsOn, 0, ZONE);
    // Another ad of the advertiser, playing everywhere: 30 plays in the flight's second hour.
    const house = await createAd(t.db, network.company.id, { targetOutletIds: [network.outlet.id] });
    const balances: number[] = [];

    const refused = await live(network, start, start + DAY, async (hourEnd) => {
      if (hourEnd === start + 2 * HOUR) {
        const screen = network.screens[0]!;
        const list = await listAdsForScreen(t.db, screen.principal, hourEnd - 30 * 60_000);
        await recordServedList(t.db, screen.principal.screenId, list);
        const logs = Array.from({ length: 30 }, (_, k) => {
          const at = hourEnd - HOUR + 1_000 + k * 20_000;
          const clock = outletWallClock(at, ZONE);
          return {
            id: randomUUID(),
            ad_id: house.id,
            screen_id: screen.principal.screenId,
            company_id: network.company.id,
            outlet_id: network.outlet.id,
            play_date: clock.date,
            play_time: clock.time,
            play_count: 1 as const,
            played_at: new Date(at).toISOString(),
            variant_id: null,
            additional_info: {},
          };
        });
        // Its plays sit between the campaign's (spread over the hour), so only those that overlap none are stored.
        const answer = await send(screen, logs, hourEnd);
        expect(answer.stored).toBeGreaterThan(0);
      }
      balances.push(await companyBalance(t.db, network.company.id));
    });
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
    expect(refused.every((reason) => /balance does not cover/.test(reason))).toBe(true);

    const campaignPlays = (await deliveredHours(t.db, item)).reduce((sum, row) => sum + row.plays, 0);
    const elsewhere = 100 * PLAY_PRICE - (await companyBalance(t.db, network.company.id)) - campaignPlays * PLAY_PRICE;
    expect(campaignPlays * PLAY_PRICE + elsewhere).toBeLessThanOrEqual(100 * PLAY_PRICE);
    expect(campaignPlays).toBe(100 - elsewhere / PLAY_PRICE);

    const principal = await authenticateStaff(t.db, t.jwtSecret, (await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token);
    if (!principal) throw new Error('the session did not resolve');
    const ctx = contextFor(t.db, t.app.events, callerOf(principal, scopeOf(principal.user.role, 'campaigns', 'read')));
    const report = await campaignDelivery(ctx, campaignId, { now: start + DAY + 13 * HOUR });
    expect(report.line_items[0]!.shortfall_quantity).toBe(100 - campaignPlays);
    expect(report.totals.spend_minor).toBe(campaignPlays * PLAY_PRICE);
    const plans = await t.db.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, item.id));
    expect(plans.length).toBeGreaterThan(0);
  });

  it('a creative plays only within its plan: off every list before its hours are planned, and a play past the plan is refused', async () => {
    const network = await seedNetwork(t.app, t.db);
    // Its own targeting reaches the outlet: outside campaigns it would be on these screens' lists.
    const { item } = await book(t.app, t.db, network, {
      startsOn: localDate(Date.now() + 11 * DAY),
      endsOn: localDate(Date.now() + 11 * DAY),
    });
    // A goal every hour left of the day takes some of, a few plays a screen-hour.
    await t.db.update(lineItems).set({ goalQuantity: 120 }).where(eq(lineItems.id, item.id));
    const screen = network.screens[0]!;
    const start = atLocal(item.startsOn, 12, ZONE);
    await t.db
      .update(ads)
      .set({ targetOutletIds: [network.outlet.id] })
      .where(eq(ads.id, network.ad.id));

    const before = await listAdsForScreen(t.db, screen.principal, start - 7 * HOUR);
    expect(before.some((ad) => ad.id === network.ad.id)).toBe(false);

    await replanCampaigns(t.db, { now: start + 60_000 });
    const list = await listAdsForScreen(t.db, screen.principal, start + 60_000);
    await recordServedList(t.db, screen.principal.screenId, list);
    screen.plan = list.find((ad) => ad.id === network.ad.id)?.plan;
    const hour = screen.plan?.hours.find((planned) => Date.parse(planned.starts_at) === start);
    expect(hour?.max_plays).toBeGreaterThan(0);

    // The plan's plays, and then one more in the same hour: that one is refused, naming the plan.
    playHour(network, screen, start);
    const extra = { ...screen.queue.at(-1)!, id: randomUUID() };
    const at = Date.parse(extra.played_at) + 60_000;
    const clock = outletWallClock(at, ZONE);
    Object.assign(extra, { played_at: new Date(at).toISOString(), play_date: clock.date, play_time: clock.time });
    const answer = await send(screen, [...screen.queue, extra], start + HOUR - 1_000);
    expect(answer.stored).toBe(hour!.max_plays);
    expect(answer.refused).toEqual([expect.stringMatching(/beyond the plan of line item/)]);
  });

  it('keeps a daily cap over what is handed out: a re-plan late in an hour moves no play of the day past the cap', async () => {
    const network = await seedNetwork(t.app, t.db, { screens: 1 });
    const startsOn = localDate(Date.now() + 23 * DAY);
    const endsOn = localDate(Date.now() + 27 * DAY);
    // Five-minute spots: about 12 fit an hour, so ASAP hands the day's 20 to its first two hours.
    const { item } = await book(
      t.app,
      t.db,
      network,
      { startsOn, endsOn },
      { goalQuantity: 100, pacing: 'ASAP', dailyCap: 20, spotSeconds: 300 },
    );
    const start = atLocal(startsOn, 0, ZONE);
    const handedOn = async (date: string) =>
      (await t.db.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, item.id)))
        .filter((plan) => plan.localDate === date)
        .reduce((sum, plan) => sum + plan.maxPlays, 0);

    await replanCampaigns(t.db, { now: start + 60_000 });
    const first = await t.db.select().from(lineItemPlans).where(eq(lineItemPlans.lineItemId, item.id));
    expect(first.filter((plan) => plan.startsAt.getTime() === start)[0]?.maxPlays).toBeGreaterThan(2);
    expect(await handedOn(startsOn)).toBe(20);
    // Fifty minutes in, the hour under way holds only a sixth of its room: the planner moves the
    // rest to later hours, but the hour's plan stays handed out (the screen may be playing it).
    await replanCampaigns(t.db, { now: start + 50 * 60_000 });
    expect(await handedOn(startsOn)).toBe(20);
  });

  it('quotes only the hours not over: a flight booked at noon plans nothing into its morning, and the hour under way for what is left of it', async () => {
    const network = await seedNetwork(t.app, t.db, { screens: 1 });
    const startsOn = localDate(Date.now() + 29 * DAY);
    const campaign = await createCampaign(t.db, network.company.id);
    const item = await createLineItem(t.db, campaign.id, [network.ad.id], {
      startsOn,
      endsOn: startsOn,
      goalQuantity: 100_000,
      pacing: 'ASAP',
      spotSeconds: 10,
      targeting: { tags: [], outlet_ids: [network.outlet.id], pincodes: [], cities: [], schedule: { ...ALWAYS } },
    });
    const noon = atLocal(startsOn, 12, ZONE);
    const principal = await authenticateStaff(t.db, t.jwtSecret, network.token);
    if (!principal) throw new Error('the session did not resolve');
    const ctx = contextFor(t.db, t.app.events, callerOf(principal, scopeOf(principal.user.role, 'campaigns', 'read')));
    const quoteAt = async (now: number) =>
      (
        await quoteOf(ctx, campaign.id, [item], {
          cards: await loadCards(t.db),
          reservedPlays: campaignReservedPlays(t.db, { now: new Date(now), exceptCampaignId: campaign.id }),
          now: new Date(now),
        })
      ).line_items[0]!.hours;
    const wholeDay = await quoteAt(noon - 12 * HOUR - 60_000);
    const atHalfPast = await quoteAt(noon + 30 * 60_000);
    expect(Math.min(...wholeDay.map((hour) => hour.hour))).toBe(0);
    expect(Math.min(...atHalfPast.map((hour) => hour.hour))).toBe(12);
    const playsAt = (hours: typeof wholeDay, at: number) => hours.find((hour) => hour.hour === at)?.plays ?? 0;
    expect(playsAt(atHalfPast, 12)).toBeGreaterThan(0);
    expect(playsAt(atHalfPast, 12)).toBeLessThanOrEqual(Math.ceil(playsAt(wholeDay, 12) / 2));
    expect(playsAt(atHalfPast, 13)).toBe(playsAt(wholeDay, 13));
  });

  it("delivers an impressions goal through the screens' audience: 10,000 with 10 a play 09:00–17:00 and 2 otherwise", async () => {
    const network = await seedNetwork(t.app, t.db);
    const admin = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    for (const screen of network.screens) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/inventory/screens/${screen.principal.screenId}/audience`,
        headers: bearer(admin.token),
        payload: {
          source: 'Door counter, October',
          default_impressions_per_play: 2,
          hours: [{ from_hour: 9, to_hour: 17, impressions_per_play: 10 }],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const startsOn = localDate(Date.now() + 14 * DAY);
    const endsOn = localDate(Date.now() + 15 * DAY);
    const quoted = await createCampaign(t.db, network.company.id);
    await createLineItem(t.db, quoted.id, [network.ad.id], {
      startsOn,
      endsOn,
      goalKind: 'IMPRESSIONS',
      goalQuantity: 10_000,
      pacing: 'EVEN',
      maxPlaysPerScreenHour: 30,
      spotSeconds: 10,
      targeting: { tags: [], outlet_ids: [network.outlet.id], pincodes: [], cities: [], schedule: { ...ALWAYS } },
    });
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${quoted.id}/quote`,
      headers: bearer(network.token),
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const line = quote.json().data.line_items[0];
    expect(line.impressions).toBeGreaterThanOrEqual(10_000);
    expect(line.effective_cpm_minor).toBe(Math.round((line.price_minor * 1000) / line.impressions));
    await t.db.delete(campaigns).where(eq(campaigns.id, quoted.id));

    const { campaignId, item } = await book(
      t.app,
      t.db,
      network,
      { startsOn, endsOn },
      { goalKind: 'IMPRESSIONS', goalQuantity: 10_000 },
    );
    const start = atLocal(startsOn, 0, ZONE);
    expect(await live(network, start, start + 2 * DAY)).toEqual([]);

    const figure = (hour: number) => (hour >= 9 && hour < 17 ? 10 : 2);
    const hours = await deliveredHours(t.db, item);
    const seen = hours.reduce((sum, row) => sum + row.plays * figure(row.hour), 0);
    expect(seen).toBeGreaterThanOrEqual(10_000);
    expect(seen).toBeLessThanOrEqual(10_500);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}/delivery`,
      headers: bearer(admin.token),
    });
    const report = response.json().data;
    expect(report.line_items[0].delivered_impressions).toBe(seen);
    expect(report.line_items[0].delivered_quantity).toBe(seen);
    expect(report.totals.delivered_impressions).toBe(seen);
    expect(
      report.line_items[0].days.reduce(
        (sum: number, day: { delivered_impressions: number }) => sum + day.delivered_impressions,
        0,
      ),
    ).toBe(seen);
  });

  it("an audience estimate is checked: 168 figures or a default with hours, a source, no negative figure; another outlet's screen is 404", async () => {
    const network = await seedNetwork(t.app, t.db, { screens: 1 });
    const screenId = network.screens[0]!.principal.screenId;
    const admin = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const put = (payload: object, token = admin.token) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/screens/${screenId}/audience`,
        headers: bearer(token),
        payload,
      });
    for (const [payload, field] of [
      [{ source: 'x', impressions_per_play: [1, 2] }, 'impressions_per_play'],
      [{ source: '', default_impressions_per_play: 1 }, 'source'],
      [{ source: 'x', default_impressions_per_play: -1 }, 'default_impressions_per_play'],
      [{ source: 'x' }, 'impressions_per_play'],
      [
        {
          source: 'x',
          default_impressions_per_play: 1,
          hours: [{ from_hour: 10, to_hour: 9, impressions_per_play: 3 }],
        },
        'to_hour',
      ],
    ] as const) {
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(field);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/screens/${screenId}/audience`,
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
    expect((await put({ source: 'Venue estimate', default_impressions_per_play: 1.5 })).statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/screens/${screenId}/audience`,
      headers: bearer(admin.token),
    });
    expect(read.json().data).toMatchObject({ source: 'Venue estimate', impressions_per_play: Array(168).fill(1.5) });
    const stranger = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [(await createOutlet(t.db)).id] });
    expect((await put({ source: 'mine now', default_impressions_per_play: 9 }, stranger.token)).statusCode).toBe(404);
  });

  it('raises one under-delivery alert, to the advertiser and the global admins by bell, e-mail and webhook, once the forecast can no longer reach the goal', async () => {
    const smtp = await startSmtpServer();
    const receiver = await startWebhookReceiver();
    const channels = alertChannels({
      smtpUrl: smtp.url,
      emailFrom: 'AdLoop alerts <alerts@adloop.test>',
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
    });
    try {
      const network = await seedNetwork(t.app, t.db);
      const buyer = await createUser(t.db, { role: 'COMPANY_ADMIN' });
      await t.db.insert(companyUsers).values({ companyId: network.company.id, userId: buyer.id });
      const startsOn = localDate(Date.now() + 17 * DAY);
      const { item } = await book(t.app, t.db, network, { startsOn, endsOn: startsOn });
      const start = atLocal(startsOn, 0, ZONE);
      // Every screen goes dark after the first hour: the plans handed out are all the flight gets.
      await live(network, start, start + HOUR, () => {
        for (const screen of network.screens) screen.online = false;
      });
      const tick = (at: number) => runAlertTick(t.db, { now: new Date(at), deliver: channels });

      // Two hours in, the hours left still hold the goal: no alert.
      await replanCampaigns(t.db, { now: start + 2 * HOUR });
      await tick(start + 2 * HOUR);
      const none = await t.db.select().from(alerts).where(eq(alerts.lineItemId, item.id));
      expect(none).toEqual([]);

      // Sixteen hours in, 8 hours × 3 screens × 30 plays cannot hold what is left of 1,000.
      await replanCampaigns(t.db, { now: start + 16 * HOUR });
      await tick(start + 16 * HOUR);
      await tick(start + 16 * HOUR + 11 * 60_000);
      const raised = await t.db.select().from(alerts).where(eq(alerts.lineItemId, item.id));
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({ kind: 'UNDER_DELIVERY', companyId: network.company.id, outletId: null });
      expect(raised[0]!.details!.forecast_quantity).toBeLessThan(1000);

      const bell = async (token: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/alerts?kind=UNDER_DELIVERY&limit=100',
            headers: bearer(token),
          })
        ).json().data as Array<{ id: string; scope: string; campaign: { line_item_id: string } | null }>;
      const advertiser = await bell(await loginAs(t.app, buyer));
      expect(advertiser.map((alert) => alert.campaign?.line_item_id)).toContain(item.id);
      expect(advertiser.find((alert) => alert.campaign?.line_item_id === item.id)?.scope).toBe('LINE_ITEM');
      const admin = await bell((await signedIn(t.app, t.db, 'GLOBAL_ADMIN')).token);
      expect(admin.map((alert) => alert.campaign?.line_item_id)).toContain(item.id);
      const venue = await bell((await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [network.outlet.id] })).token);
      expect(venue).toEqual([]);
      const otherBuyer = await bell(
        (await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: (await createCompany(t.db)).id })).token,
      );
      expect(otherBuyer.map((alert) => alert.campaign?.line_item_id)).not.toContain(item.id);

      const mail = smtp.mails.find((sent) => sent.rcptTo.includes(buyer.email));
      expect(mail?.subject).toMatch(/can no longer reach its goal/);
      const hook = receiver.hooks.find(
        (received) => (received.body.campaign as { line_item_id?: string } | null)?.line_item_id === item.id,
      );
      expect(hook?.signatureValid).toBe(true);
      expect(hook?.body).toMatchObject({ kind: 'UNDER_DELIVERY', scope: 'LINE_ITEM', outlet_id: null });
    } finally {
      channels.close();
      await Promise.all([smtp.close(), receiver.close()]);
    }
  });
});
