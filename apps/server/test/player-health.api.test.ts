import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenHealth } from '../src/db/schema.ts';
import { createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const MINUTE = 60_000;

describe.each(databaseKinds)('player health in heartbeats on %s (decision 060)', (kind) => {
  const t = useTestApp(kind);
  let outlet: Awaited<ReturnType<typeof createOutlet>>;
  let screen: Awaited<ReturnType<typeof createScreen>>;
  let screenToken: string;
  let admin: string;
  let outletEmployee: string;
  let otherOutletAdmin: string;
  let companyAdmin: string;

  beforeAll(async () => {
    outlet = await createOutlet(t.db, { name: 'Health Cafe' });
    screen = await createScreen(t.db, outlet.id);
    screenToken = (await connectScreen(t.app, screen)).access_token;
    admin = await signInAs(t);
    outletEmployee = await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [outlet.id] });
    const otherOutlet = await createOutlet(t.db, { name: 'Elsewhere' });
    otherOutletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [otherOutlet.id] });
    const company = await createCompany(t.db);
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
  });

  const heartbeat = (extra: Record<string, unknown> = {}, path = 'heartbeat') =>
    t.app.inject({
      method: 'POST',
      url: `/api/screen-activity/${path}`,
      headers: bearer(screenToken),
      payload: {
        screen_id: screen.id,
        outlet_id: outlet.id,
        activity_date: '2026-11-25',
        activity_time: '19:30:00',
        occurred_at: new Date().toISOString(),
        additional_info: { screen_code: screen.screenCode },
        ...extra,
      },
    });
  const healthAs = async (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/ad-screens/${screen.id}`, headers: bearer(token) });
  const report = {
    app_version: '1.4.0+abc1234',
    cache_bytes: 52_428_800,
    quota_bytes: 1_073_741_824,
    queued_plays: 2,
    last_error: 'Video ad 42 (Summer sale) failed to load',
  };

  it('a screen that never reported has no health; an old player without a report is still accepted', async () => {
    const old = await heartbeat();
    expect(old.statusCode).toBe(200);
    expect(old.json().data.is_online).toBe(true);
    const read = await healthAs(admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.health).toBeNull();
  });

  it('stores the latest report and shows it, with the clock skew, to staff of the outlet', async () => {
    const posted = await heartbeat({ health: report });
    expect(posted.statusCode).toBe(200);
    const read = await healthAs(outletEmployee);
    expect(read.statusCode).toBe(200);
    const health = read.json().data.health;
    expect(health).toMatchObject({ ...report, previous_queued_plays: null, warnings: [] });
    expect(Math.abs(health.clock_skew_ms)).toBeLessThan(MINUTE);
    expect(Date.now() - Date.parse(health.reported_at)).toBeLessThan(MINUTE);
  });

  it('a report without a field stores it as unknown; a heartbeat without a report keeps the last one', async () => {
    expect((await heartbeat({ health: { app_version: '1.4.1' }, occurred_at: undefined })).statusCode).toBe(200);
    expect((await heartbeat()).statusCode).toBe(200);
    const health = (await healthAs(admin)).json().data.health;
    expect(health).toMatchObject({
      app_version: '1.4.1',
      cache_bytes: null,
      quota_bytes: null,
      queued_plays: null,
      last_error: null,
      clock_skew_ms: null,
    });
  });

  it('warns of a growing queue, a clock off by more than a minute and a nearly full cache', async () => {
    await heartbeat({ health: { ...report, queued_plays: 12 } });
    const ahead = new Date(Date.now() + 5 * MINUTE).toISOString();
    await heartbeat({
      occurred_at: ahead,
      health: { ...report, queued_plays: 40, cache_bytes: 950, quota_bytes: 1000 },
    });
    const health = (await healthAs(admin)).json().data.health;
    expect(health.queued_plays).toBe(40);
    expect(health.previous_queued_plays).toBe(12);
    expect(health.clock_skew_ms).toBeGreaterThan(4 * MINUTE);
    expect(health.warnings).toEqual(['QUEUE_GROWING', 'CLOCK_OFF', 'CACHE_NEARLY_FULL']);
    // A queue draining, or growing but still small, is no warning; a clock behind is one too.
    await heartbeat({ occurred_at: new Date(Date.now() - 3 * MINUTE).toISOString(), health: { queued_plays: 30 } });
    expect((await healthAs(admin)).json().data.health.warnings).toEqual(['CLOCK_OFF']);
    await heartbeat({ health: { queued_plays: 3 } });
    await heartbeat({ health: { queued_plays: 9 } });
    expect((await healthAs(admin)).json().data.health.warnings).toEqual([]);
  });

  it('a late offline record does not overwrite the health with a stale report', async () => {
    await heartbeat({ health: { ...report, app_version: 'live' } });
    const offline = await heartbeat(
      { occurred_at: new Date(Date.now() - 60 * MINUTE).toISOString(), health: { app_version: 'stale' } },
      'offline',
    );
    expect(offline.statusCode).toBe(200);
    expect((await healthAs(admin)).json().data.health.app_version).toBe('live');
  });

  it('refuses a malformed report with a 400 naming the field, and stores nothing of it', async () => {
    await heartbeat({ health: { ...report, app_version: 'before-bad' } });
    const bad: Array<[unknown, string]> = [
      [{ cache_bytes: -1 }, 'health.cache_bytes'],
      [{ cache_bytes: 1.5 }, 'health.cache_bytes'],
      [{ quota_bytes: 1e300 }, 'health.quota_bytes'],
      [{ queued_plays: '7' }, 'health.queued_plays'],
      [{ queued_plays: 2_000_000_000 }, 'health.queued_plays'],
      [{ app_version: '' }, 'health.app_version'],
      [{ app_version: 'v'.repeat(65) }, 'health.app_version'],
      [{ last_error: 'x'.repeat(301) }, 'health.last_error'],
      [{ last_error: { message: 'nested' } }, 'health.last_error'],
      [{ battery: 80 }, 'health'],
      ['healthy', 'health'],
      [null, 'health'],
      [[report], 'health'],
    ];
    for (const [health, field] of bad) {
      const response = await heartbeat({ health });
      expect(response.statusCode, JSON.stringify(health)).toBe(400);
      expect(response.json().details[0].path, JSON.stringify(health)).toContain(field);
    }
    expect((await healthAs(admin)).json().data.health.app_version).toBe('before-bad');
  });

  it('a huge report is refused with a 4xx, never a 500', async () => {
    const huge = await heartbeat({ health: { ...report, last_error: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const rows = await t.db.select().from(screenHealth).where(eq(screenHealth.screenId, screen.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastError?.length ?? 0).toBeLessThanOrEqual(300);
  });

  it('only staff who may see the screen read its health', async () => {
    expect((await healthAs(otherOutletAdmin)).statusCode).toBe(404);
    expect((await healthAs(companyAdmin)).statusCode).toBe(403);
    // The list does not carry it: the screen's page reads one screen.
    const list = await t.app.inject({ method: 'GET', url: '/api/ad-screens', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).not.toHaveProperty('health');
  });

  it('a screen token cannot read it, and a staff token cannot report it', async () => {
    expect((await healthAs(screenToken)).statusCode).toBe(401);
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/screen-activity/heartbeat',
      headers: bearer(admin),
      payload: { screen_id: screen.id, outlet_id: outlet.id, activity_date: '2026-11-25', activity_time: '19:30:00' },
    });
    expect(asStaff.statusCode).toBe(401);
  });
});
