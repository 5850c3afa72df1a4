import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { alertDeliveries, outletUsers, screenActivity, screens } from '../src/db/schema.ts';
import { type AlertChannels, alertChannels } from '../src/modules/alerts/alert-delivery.ts';
import { runAlertTick } from '../src/modules/alerts/alert-tick.ts';
import { startSmtpServer, startWebhookReceiver, WEBHOOK_SECRET } from './helpers/alert-peers.ts';
import { createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { resolverOf } from './helpers/resolve-host.ts';
import { bearer, loginAs, signInAs } from './helpers/sign-in.ts';
import { createSharedApps, databaseKinds, type SharedApps, useTestApp } from './helpers/test-app.ts';

const MINUTE = 60_000;

interface ScreenSession {
  access_token: string;
  screen_id: string;
  outlet: { id: string };
}

/** Signs a screen in (a route never shed under load), as the player does on the wall. */
async function signInScreen(app: FastifyInstance, screen: { screenCode: string; passcode: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/screen-auth/authenticate',
    payload: { screen_code: screen.screenCode, pass_code: screen.passcode },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as ScreenSession;
}

/**
 * The screen heartbeats through the API, as the player does every minute; like the player it
 * sends again while a loaded server sheds screen requests (503), until one is taken.
 */
async function heartbeat(app: FastifyInstance, session: ScreenSession) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const now = new Date().toISOString();
    const response = await app.inject({
      method: 'POST',
      url: '/api/screen-activity/heartbeat',
      headers: bearer(session.access_token),
      payload: {
        screen_id: session.screen_id,
        outlet_id: session.outlet.id,
        activity_date: now.slice(0, 10),
        activity_time: now.slice(11, 19),
      },
    });
    if (response.statusCode !== 503 || Date.now() > deadline) {
      expect(response.statusCode).toBe(200);
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Moves what the database heard from a screen into the past, as if it went quiet minutes ago. */
async function quietFor(db: Database, screenId: string, minutes: number) {
  const shift = sql`make_interval(mins => ${minutes})`;
  await db
    .update(screens)
    .set({ lastSeenAt: sql`${screens.lastSeenAt} - ${shift}` })
    .where(eq(screens.id, screenId));
  await db
    .update(screenActivity)
    .set({
      occurredAt: sql`${screenActivity.occurredAt} - ${shift}`,
      receivedAt: sql`${screenActivity.receivedAt} - ${shift}`,
    })
    .where(eq(screenActivity.screenId, screenId));
}

const lastSeenOf = async (db: Database, screenId: string) =>
  (await db.select({ at: screens.lastSeenAt }).from(screens).where(eq(screens.id, screenId)))[0]!.at!;

const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe.each(databaseKinds)('offline alerts on %s', (kind) => {
  const t = useTestApp(kind);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let channels: ReturnType<typeof alertChannels>;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    channels = alertChannels({
      smtpUrl: smtp.url,
      emailFrom: 'AdLoop alerts <alerts@adloop.test>',
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      // Outlets' receivers here listen on 127.0.0.1, as WEBHOOK_ALLOW_PRIVATE_TARGETS=true allows (decision 075).
      allowPrivateWebhookTargets: true,
    });
    adminToken = await signInAs(t);
  });
  afterAll(async () => {
    channels.close();
    await Promise.all([smtp.close(), receiver.close()]);
  });
  beforeEach(() => {
    receiver.state.failNext = 0;
  });

  const tick = (now: Date, deliver: AlertChannels = channels) => runAlertTick(t.db, { now, deliver });

  /** An outlet with a staff member of its own, so its mail is told apart by the envelope. */
  async function outletWithStaff(overrides: Parameters<typeof createOutlet>[1] = {}) {
    const outlet = await createOutlet(t.db, overrides);
    const staff = await createUser(t.db, { role: 'OUTLET_EMPLOYEE' });
    await t.db.insert(outletUsers).values({ outletId: outlet.id, userId: staff.id });
    const mailsOf = () => smtp.mails.filter((mail) => mail.rcptTo.includes(staff.email));
    const hooksOf = () => receiver.hooks.filter((hook) => hook.body.outlet_id === outlet.id);
    return { outlet, staff, mailsOf, hooksOf };
  }

  async function connectedScreen(outletId: string) {
    const screen = await createScreen(t.db, outletId);
    const session = await signInScreen(t.app, screen);
    await heartbeat(t.app, session);
    return { screen, session };
  }

  it('e-mails and posts one signed webhook once a screen misses heartbeats past the threshold, and once when it is back', async () => {
    const { outlet, staff, mailsOf, hooksOf } = await outletWithStaff({ name: 'Quiet Cafe' });
    const { screen, session } = await connectedScreen(outlet.id);
    await quietFor(t.db, screen.id, 10);
    const lastHeartbeat = await lastSeenOf(t.db, screen.id);

    await tick(after(lastHeartbeat, 4 * MINUTE));
    expect(mailsOf()).toHaveLength(0);
    expect(hooksOf()).toHaveLength(0);

    await tick(after(lastHeartbeat, 6 * MINUTE));
    await tick(after(lastHeartbeat, 7 * MINUTE));
    expect(mailsOf()).toHaveLength(1);
    expect(mailsOf()[0]!.subject).toBe(`Screen ${screen.screenCode} at Quiet Cafe is offline`);
    expect(mailsOf()[0]!.rcptTo).toContain(staff.email);
    expect(hooksOf()).toHaveLength(1);
    expect(hooksOf()[0]!.signatureValid).toBe(true);
    expect(hooksOf()[0]!.body).toMatchObject({
      kind: 'OFFLINE',
      scope: 'SCREEN',
      outlet_name: 'Quiet Cafe',
      timezone: 'Asia/Kolkata',
      started_at: lastHeartbeat.toISOString(),
      resolved_at: null,
      screens: [{ id: screen.id, screen_code: screen.screenCode }],
    });

    await heartbeat(t.app, session);
    const back = await lastSeenOf(t.db, screen.id);
    await tick(after(back, 10_000));
    await tick(after(back, 40_000));
    expect(mailsOf()).toHaveLength(2);
    expect(mailsOf()[1]!.subject).toBe(`Screen ${screen.screenCode} at Quiet Cafe is back online after 10 min`);
    expect(hooksOf()).toHaveLength(2);
    const backOnline = hooksOf()[1]!;
    expect(backOnline.signatureValid).toBe(true);
    expect(backOnline.body).toMatchObject({ kind: 'BACK_ONLINE', started_at: lastHeartbeat.toISOString() });
    expect(backOnline.body.downtime_seconds).toBeGreaterThanOrEqual(599);
    expect(backOnline.body.downtime_seconds).toBeLessThan(620);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/alerts?outlet_id=${outlet.id}`,
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((alert: { kind: string }) => alert.kind)).toEqual(['BACK_ONLINE', 'OFFLINE']);
    expect(list.json().data[1].resolved_at).not.toBeNull();
  });

  it('raises one outlet alert when the whole outlet goes dark, and one when it is back', async () => {
    const { outlet, mailsOf, hooksOf } = await outletWithStaff({ name: 'Dark Mall' });
    const connected = [];
    for (let i = 0; i < 3; i += 1) connected.push(await connectedScreen(outlet.id));
    for (const { screen } of connected) await quietFor(t.db, screen.id, 30);
    const lastHeartbeat = await lastSeenOf(t.db, connected[2]!.screen.id);

    await tick(after(lastHeartbeat, 6 * MINUTE));
    expect(mailsOf()).toHaveLength(1);
    expect(mailsOf()[0]!.subject).toBe('3 screens at Dark Mall are offline');
    expect(hooksOf()).toHaveLength(1);
    expect(hooksOf()[0]!.body.scope).toBe('OUTLET');
    expect(
      hooksOf()[0]!
        .body.screens.map((screen) => screen.id)
        .sort(),
    ).toEqual(connected.map(({ screen }) => screen.id).sort());

    for (const { session } of connected) await heartbeat(t.app, session);
    await tick(new Date());
    expect(mailsOf()).toHaveLength(2);
    expect(mailsOf()[1]!.subject).toMatch(/^3 screens at Dark Mall are back online after 3\d min$/);
    expect(hooksOf().map((hook) => hook.body.kind)).toEqual(['OFFLINE', 'BACK_ONLINE']);
  });

  it('alerts for each screen when only one of an outlet goes dark', async () => {
    const { outlet, hooksOf } = await outletWithStaff();
    const [first] = [
      await connectedScreen(outlet.id),
      await connectedScreen(outlet.id),
      await connectedScreen(outlet.id),
    ];
    await quietFor(t.db, first!.screen.id, 30);
    await tick(new Date());
    expect(hooksOf().map((hook) => [hook.body.scope, hook.body.screens[0]!.id])).toEqual([
      ['SCREEN', first!.screen.id],
    ]);
  });

  it('never alerts for a screen that never connected', async () => {
    const { outlet, mailsOf, hooksOf } = await outletWithStaff();
    await createScreen(t.db, outlet.id);
    await tick(after(new Date(), 24 * 60 * MINUTE));
    expect(mailsOf()).toHaveLength(0);
    expect(hooksOf()).toHaveLength(0);
  });

  it('reminds once an hour into an outage, then stays quiet while the screen stays down', async () => {
    const { outlet, mailsOf, hooksOf } = await outletWithStaff({ name: 'Long Night' });
    const { screen } = await connectedScreen(outlet.id);
    await quietFor(t.db, screen.id, 10);
    const lastHeartbeat = await lastSeenOf(t.db, screen.id);
    for (const minutes of [6, 30, 59, 61, 90, 180, 600]) await tick(after(lastHeartbeat, minutes * MINUTE));
    expect(hooksOf().map((hook) => hook.body.kind)).toEqual(['OFFLINE', 'REMINDER']);
    expect(mailsOf().map((mail) => mail.subject)).toEqual([
      `Screen ${screen.screenCode} at Long Night is offline`,
      `Screen ${screen.screenCode} at Long Night is still offline`,
    ]);
  });

  it("waits for the outlet's own threshold, and signs its own webhook with its own secret", async () => {
    const outletReceiver = await startWebhookReceiver();
    try {
      const { outlet, hooksOf } = await outletWithStaff({
        alertWebhookUrl: outletReceiver.url,
        alertWebhookSecret: WEBHOOK_SECRET,
      });
      const outletAdmin = await createUser(t.db, { role: 'OUTLET_ADMIN' });
      await t.db.insert(outletUsers).values({ outletId: outlet.id, userId: outletAdmin.id });
      const outletAdminToken = await loginAs(t.app, outletAdmin);
      const setThreshold = (minutes: unknown) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/outlets/${outlet.id}`,
          headers: bearer(outletAdminToken),
          payload: { offline_alert_minutes: minutes },
        });
      for (const bad of [0, 1441, 2.5, '15']) expect((await setThreshold(bad)).statusCode, String(bad)).toBe(400);
      const set = await setThreshold(15);
      expect(set.statusCode).toBe(200);
      expect(set.json().data.offline_alert_minutes).toBe(15);
      const { screen } = await connectedScreen(outlet.id);
      await quietFor(t.db, screen.id, 30);
      const lastHeartbeat = await lastSeenOf(t.db, screen.id);
      await tick(after(lastHeartbeat, 10 * MINUTE));
      expect(hooksOf()).toHaveLength(0);
      await tick(after(lastHeartbeat, 16 * MINUTE));
      expect(hooksOf()).toHaveLength(1);
      expect(outletReceiver.hooks).toHaveLength(1);
      expect(outletReceiver.hooks[0]!.signatureValid).toBe(true);
    } finally {
      await outletReceiver.close();
    }
  });

  /** The WEBHOOK delivery rows of an outlet's alerts. */
  const webhookDeliveriesOf = (outletId: string) =>
    t.db
      .select()
      .from(alertDeliveries)
      .where(sql`${alertDeliveries.channel} = 'WEBHOOK' and ${alertDeliveries.alertId} in
        (select id from alerts where outlet_id = ${outletId})`);

  it("does not post to an outlet's webhook whose name now resolves inside the network; the delivery fails saying why", async () => {
    const outletReceiver = await startWebhookReceiver();
    // Saved while the name pointed at a public address; its DNS now answers the receiver's 127.0.0.1.
    const rebound = alertChannels({
      emailFrom: 'AdLoop alerts <alerts@adloop.test>',
      resolveHost: resolverOf({ 'hooks.rebound.test': ['127.0.0.1'] }),
    });
    try {
      const { outlet } = await outletWithStaff({
        alertWebhookUrl: outletReceiver.url.replace('127.0.0.1', 'hooks.rebound.test'),
        alertWebhookSecret: WEBHOOK_SECRET,
      });
      const { screen } = await connectedScreen(outlet.id);
      await quietFor(t.db, screen.id, 10);
      const raisedAt = after(await lastSeenOf(t.db, screen.id), 6 * MINUTE);
      expect(await tick(raisedAt, rebound)).toMatchObject({ sent: 0, failed: 1 });
      expect(outletReceiver.hooks).toHaveLength(0);
      const [refused] = await webhookDeliveriesOf(outlet.id);
      expect(refused).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(refused!.lastError).toContain(
        'Webhook address hooks.rebound.test resolves to a loopback address (127.0.0.1)',
      );
      expect(refused!.nextAttemptAt.getTime()).toBe(raisedAt.getTime() + 30_000);
    } finally {
      rebound.close();
      await outletReceiver.close();
    }
  });

  it('connects to the address it checked, not to what the name resolves to when connecting', async () => {
    const outletReceiver = await startWebhookReceiver();
    // The system cannot resolve this name: the post arrives only if it goes to the checked address.
    const pinned = alertChannels({
      emailFrom: 'AdLoop alerts <alerts@adloop.test>',
      allowPrivateWebhookTargets: true,
      resolveHost: resolverOf({ 'hooks.pinned.test': ['127.0.0.1'] }),
    });
    try {
      const { outlet } = await outletWithStaff({
        alertWebhookUrl: outletReceiver.url.replace('127.0.0.1', 'hooks.pinned.test'),
        alertWebhookSecret: WEBHOOK_SECRET,
      });
      const { screen } = await connectedScreen(outlet.id);
      await quietFor(t.db, screen.id, 10);
      await tick(after(await lastSeenOf(t.db, screen.id), 6 * MINUTE), pinned);
      expect(outletReceiver.hooks).toHaveLength(1);
      expect(outletReceiver.hooks[0]!.signatureValid).toBe(true);
      expect((await webhookDeliveriesOf(outlet.id))[0]).toMatchObject({ status: 'SENT', lastError: null });
    } finally {
      pinned.close();
      await outletReceiver.close();
    }
  });

  it('retries a failed webhook with backoff and logs each attempt', async () => {
    const { outlet, hooksOf } = await outletWithStaff();
    const { screen } = await connectedScreen(outlet.id);
    await quietFor(t.db, screen.id, 10);
    const lastHeartbeat = await lastSeenOf(t.db, screen.id);
    receiver.state.failNext = 1;
    receiver.state.failOutlet = outlet.id;
    const raisedAt = after(lastHeartbeat, 6 * MINUTE);
    await tick(raisedAt);
    expect(hooksOf()).toHaveLength(0);
    const [failed] = await t.db
      .select()
      .from(alertDeliveries)
      .where(sql`${alertDeliveries.channel} = 'WEBHOOK' and ${alertDeliveries.alertId} in
        (select id from alerts where outlet_id = ${outlet.id})`);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'webhook answered 500' });
    expect(failed!.nextAttemptAt.getTime()).toBe(raisedAt.getTime() + 30_000);

    await tick(after(raisedAt, 10_000));
    expect(hooksOf()).toHaveLength(0);
    await tick(after(raisedAt, 31_000));
    expect(hooksOf()).toHaveLength(1);
    const [sent] = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, failed!.id));
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('leaves out whoever opted out of alert e-mails, through their profile', async () => {
    const { outlet, staff, mailsOf } = await outletWithStaff();
    const colleague = await createUser(t.db, { role: 'OUTLET_ADMIN' });
    await t.db.insert(outletUsers).values({ outletId: outlet.id, userId: colleague.id });
    const optOut = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(await loginAs(t.app, colleague)),
      payload: { alert_emails: false },
    });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json().data.user.alert_emails).toBe(false);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(await loginAs(t.app, colleague)),
      payload: { alert_emails: 'nope' },
    });
    expect(bad.statusCode).toBe(400);

    const { screen } = await connectedScreen(outlet.id);
    await quietFor(t.db, screen.id, 10);
    await tick(after(await lastSeenOf(t.db, screen.id), 6 * MINUTE));
    expect(mailsOf()).toHaveLength(1);
    expect(mailsOf()[0]!.rcptTo).toContain(staff.email);
    expect(mailsOf()[0]!.rcptTo).not.toContain(colleague.email);
  });

  it("lists alerts by tenancy: outlet staff their outlets', global admins all, company roles no screen's", async () => {
    const mine = await outletWithStaff();
    const theirs = await outletWithStaff();
    for (const { outlet } of [mine, theirs]) {
      const { screen } = await connectedScreen(outlet.id);
      await quietFor(t.db, screen.id, 10);
    }
    await tick(new Date());
    const staffToken = await loginAs(t.app, mine.staff);
    const seen = await t.app.inject({ method: 'GET', url: '/api/alerts?limit=100', headers: bearer(staffToken) });
    expect(seen.statusCode).toBe(200);
    const outletIds = new Set(seen.json().data.map((alert: { outlet_id: string }) => alert.outlet_id));
    expect([...outletIds]).toEqual([mine.outlet.id]);

    const all = await t.app.inject({ method: 'GET', url: '/api/alerts?limit=1', headers: bearer(adminToken) });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(1);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/alerts?limit=100&cursor=${all.json().meta.nextCursor}`,
      headers: bearer(adminToken),
    });
    expect(next.json().data.map((alert: { id: string }) => alert.id)).not.toContain(all.json().data[0].id);
    const adminSees = new Set(
      [...all.json().data, ...next.json().data].map((alert: { outlet_id: string }) => alert.outlet_id),
    );
    expect(adminSees).toContain(mine.outlet.id);
    expect(adminSees).toContain(theirs.outlet.id);

    // Company staff read their campaigns' alerts (decision 084), never a screen's.
    const companyAdmin = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    const advertiser = await t.app.inject({
      method: 'GET',
      url: '/api/alerts?limit=100',
      headers: bearer(await loginAs(t.app, companyAdmin)),
    });
    expect(advertiser.statusCode).toBe(200);
    expect(advertiser.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    const badCursor = await t.app.inject({
      method: 'GET',
      url: '/api/alerts?cursor=bm90LWEtY3Vyc29y',
      headers: bearer(adminToken),
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'BAD_REQUEST', details: [{ path: 'cursor' }] });
    const impossibleTime = Buffer.from('2026-13-45 99:00:00+00|00000000-0000-0000-0000-000000000000').toString(
      'base64url',
    );
    for (const query of [
      'kind=FIRE',
      'limit=0',
      'limit=many',
      'outlet_id=nope',
      'extra=1',
      `cursor=${impossibleTime}`,
    ]) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/alerts?${query}`, headers: bearer(adminToken) });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toHaveProperty('message');
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('offline alerts from two server processes', () => {
  let shared: SharedApps;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    shared = await createSharedApps(2);
  });
  afterAll(async () => {
    await shared?.close();
    await smtp?.close();
    await receiver?.close();
  });

  it('sends each alert once while both tick at the same time', async () => {
    const [one, two] = shared.apps as [FastifyInstance, FastifyInstance];
    await createUser(one.db, { role: 'GLOBAL_ADMIN' });
    const outlet = await createOutlet(one.db);
    const screen = await createScreen(one.db, outlet.id);
    const session = await signInScreen(one, screen);
    await heartbeat(two, session);
    await quietFor(one.db, screen.id, 10);
    const lastHeartbeat = await lastSeenOf(one.db, screen.id);
    const config = {
      smtpUrl: smtp.url,
      emailFrom: 'alerts@adloop.test',
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
    };
    const [channelsOne, channelsTwo] = [alertChannels(config), alertChannels(config)];
    try {
      for (const minutes of [6, 6.5, 7]) {
        const now = after(lastHeartbeat, minutes * MINUTE);
        await Promise.all([
          runAlertTick(one.db, { now, deliver: channelsOne }),
          runAlertTick(two.db, { now, deliver: channelsTwo }),
          runAlertTick(one.db, { now, deliver: channelsOne }),
          runAlertTick(two.db, { now, deliver: channelsTwo }),
        ]);
      }
      expect(smtp.mails).toHaveLength(1);
      expect(receiver.hooks).toHaveLength(1);

      await heartbeat(one, session);
      const back = await lastSeenOf(one.db, screen.id);
      await Promise.all([
        runAlertTick(one.db, { now: after(back, 1000), deliver: channelsOne }),
        runAlertTick(two.db, { now: after(back, 1000), deliver: channelsTwo }),
      ]);
      expect(smtp.mails).toHaveLength(2);
      expect(receiver.hooks.map((hook) => hook.body.kind)).toEqual(['OFFLINE', 'BACK_ONLINE']);
    } finally {
      channelsOne.close();
      channelsTwo.close();
    }
  });
});
