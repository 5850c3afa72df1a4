import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { screenActivity, screens } from '../src/db/schema.ts';
import { runAlertTick } from '../src/modules/alerts/alert-tick.ts';
import { createOutlet, createScreen, recordScreenActivity } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Decision 092: one definition of offline, shown the same everywhere. The home page, the screen's
 * page and the bell read the same rule (no heartbeat within the online window, or the display
 * closed), each offline screen carrying its outlet's threshold and whether its alert was raised;
 * the alert worker raises exactly the offline screens silent for that threshold, never one the
 * pages still call online.
 */

/** Moves what the database heard from a screen into the past, as if it went quiet minutes ago. */
async function quietFor(db: Database, screenId: string, minutes: number) {
  const shift = sql`make_interval(secs => ${minutes * 60})`;
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

describe.each(databaseKinds)('one offline state on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let outletAdmin: string;
  let outletId: string;
  const screen = {} as Record<'dark' | 'closed' | 'live' | 'never', Awaited<ReturnType<typeof createScreen>>>;

  const read = async (url: string, token = outletAdmin) => {
    const response = await call('GET', url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  /** What the home page, the bell and the screen's page each say of a screen. */
  async function everywhere(screenId: string) {
    const [home, bell, page] = await Promise.all([
      read('/api/dashboard/summary'),
      read('/api/alerts/offline-screens'),
      read(`/api/ad-screens/${screenId}`),
    ]);
    const { screens: bellScreens, ...bellCounts } = bell;
    return {
      home: home.offline_screens.find((row: { id: string }) => row.id === screenId) ?? null,
      homeCounts: home.offline_counts,
      bell: bellScreens.find((row: { id: string }) => row.id === screenId) ?? null,
      bellCounts,
      page,
    };
  }

  beforeAll(async () => {
    outletId = (await createOutlet(t.db, { name: 'Dosa Corner' })).id;
    for (const name of ['dark', 'closed', 'live'] as const) {
      screen[name] = await createScreen(t.db, outletId, { screenCode: `DOSA-${name.toUpperCase()}` });
      await recordScreenActivity(t.db, screen[name], 'ONLINE', new Date());
    }
    screen.never = await createScreen(t.db, outletId, { screenCode: 'DOSA-NEVER' });
    // Dark for 3 minutes: past the 150 s online window, short of the outlet's 5-minute threshold.
    await quietFor(t.db, screen.dark.id, 3);
    // Its display closed: offline at once, its last heartbeat just now.
    await recordScreenActivity(t.db, screen.closed, 'OFFLINE', new Date());
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
  });

  it('a screen dark for 3 minutes is offline on the home page, its page and the bell alike, alert due at 5', async () => {
    const seen = await everywhere(screen.dark.id);
    expect(seen.home).toEqual(seen.bell);
    expect(seen.home).toMatchObject({
      screen_code: 'DOSA-DARK',
      outlet_name: 'Dosa Corner',
      alert_after_minutes: 5,
      alerted_at: null,
    });
    expect(Date.parse(seen.home.alert_due_at) - Date.parse(seen.home.last_seen_at)).toBe(5 * 60_000);
    expect(seen.page).toMatchObject({ is_online: false, alert_after_minutes: 5, offline_alerted_at: null });
    expect(seen.page.last_seen_at).toBe(seen.home.last_seen_at);
    // The counts the bell's sentence is made of are the home page's: 2 offline, neither alerted, 1 never connected.
    expect(seen.homeCounts).toEqual(seen.bellCounts);
    expect(seen.bellCounts).toEqual({ offline: 2, awaiting_alert: 2, alert_after_minutes: [5], never_connected: 1 });
    // The screens list's "Offline" filter holds the same screens.
    const listed = await read('/api/ad-screens?online=false&pageSize=50');
    expect(listed.map((row: { screen_code: string }) => row.screen_code).sort()).toEqual([
      'DOSA-CLOSED',
      'DOSA-DARK',
      'DOSA-NEVER',
    ]);
    expect(await read(`/api/ad-screens/${screen.live.id}`)).toMatchObject({ is_online: true, alert_after_minutes: 5 });
  });

  it('a closed display is offline at once; one that never connected is offline with no alert to come', async () => {
    const closed = await everywhere(screen.closed.id);
    expect(closed.home).toEqual(closed.bell);
    expect(closed.page.is_online).toBe(false);
    const never = await everywhere(screen.never.id);
    expect(never.home).toEqual(never.bell);
    expect(never.home).toMatchObject({ last_seen_at: null, alert_due_at: null, alerted_at: null });
  });

  it('the alert comes at the threshold, and then every page says it was sent', async () => {
    await runAlertTick(t.db, { now: new Date(), deliver: {} });
    expect(await read('/api/alerts')).toEqual([]);
    await quietFor(t.db, screen.dark.id, 3);
    await runAlertTick(t.db, { now: new Date(), deliver: {} });
    const [alert] = await read('/api/alerts');
    expect(alert).toMatchObject({ kind: 'OFFLINE', screens: [expect.objectContaining({ id: screen.dark.id })] });
    const seen = await everywhere(screen.dark.id);
    expect(seen.home.alerted_at).toBe(alert.raised_at);
    expect(seen.bell).toEqual(seen.home);
    expect(seen.page.offline_alerted_at).toBe(alert.raised_at);
    expect(seen.bellCounts).toEqual({ offline: 2, awaiting_alert: 1, alert_after_minutes: [5], never_connected: 1 });
  });

  it('a threshold shorter than the online window never alerts a screen the pages call online', async () => {
    const quick = await createOutlet(t.db, { offlineAlertMinutes: 1 });
    const target = await createScreen(t.db, quick.id);
    await recordScreenActivity(t.db, target, 'ONLINE', new Date());
    const admin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [quick.id] });
    // 100 s silent: past its 1-minute threshold, but within the 150 s window: online, no alert.
    await quietFor(t.db, target.id, 100 / 60);
    await runAlertTick(t.db, { now: new Date(), deliver: {} });
    expect(await read(`/api/ad-screens/${target.id}`, admin)).toMatchObject({ is_online: true });
    expect(await read('/api/alerts', admin)).toEqual([]);
    // Past the window it is offline, and the alert comes with it.
    await quietFor(t.db, target.id, 1);
    await runAlertTick(t.db, { now: new Date(), deliver: {} });
    expect((await read('/api/alerts', admin)).map((row: { kind: string }) => row.kind)).toEqual(['OFFLINE']);
    expect(await read('/api/alerts/offline-screens', admin)).toMatchObject({ offline: 1, awaiting_alert: 0 });
  });

  it('company staff have no screens offline; the bell route is the alerts grant', async () => {
    const advertiser = await signInAs(t, 'COMPANY_ADMIN');
    expect(await read('/api/alerts/offline-screens', advertiser)).toEqual({
      offline: 0,
      awaiting_alert: 0,
      alert_after_minutes: [],
      never_connected: 0,
      screens: [],
    });
    expect((await call('GET', '/api/alerts/offline-screens')).statusCode).toBe(401);
    expect((await call('GET', '/api/alerts/offline-screens', await signInAs(t, 'UNMAPPED'))).statusCode).toBe(403);
  });
});
