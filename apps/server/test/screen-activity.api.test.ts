import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenActivity, screens } from '../src/db/schema.ts';
import { createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('screen activity on %s', (kind) => {
  const t = useTestApp(kind);
  let token: string;
  let screen: Awaited<ReturnType<typeof createScreen>>;
  let record: (overrides?: Record<string, unknown>) => Record<string, unknown>;

  beforeAll(async () => {
    const outlet = await createOutlet(t.db, { name: 'Gym One' });
    screen = await createScreen(t.db, outlet.id);
    token = (await connectScreen(t.app, screen)).access_token;
    record = (overrides = {}) => ({
      screen_id: screen.id,
      outlet_id: outlet.id,
      activity_date: '2026-11-21',
      activity_time: '09:15:00',
      additional_info: { screen_code: screen.screenCode, outlet_code: outlet.outletCode, outlet_name: 'Gym One' },
      ...overrides,
    });
  });

  const post = (path: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/screen-activity/${path}`, headers: bearer(token), payload: body });
  const state = async () => (await t.db.select().from(screens).where(eq(screens.id, screen.id)))[0]!;

  it('online marks the screen online and seen now; heartbeat keeps it so', async () => {
    const online = await post('online', record());
    expect(online.statusCode).toBe(200);
    expect(online.json().data.is_online).toBe(true);
    const seen = (await state()).lastSeenAt!;
    expect(Date.now() - seen.getTime()).toBeLessThan(10_000);
    const heartbeat = await post('heartbeat', record());
    expect(heartbeat.statusCode).toBe(200);
    expect((await state()).lastSeenAt!.getTime()).toBeGreaterThanOrEqual(seen.getTime());
  });

  it('a late offline record from before the last online post leaves the screen online', async () => {
    await post('online', record());
    const stale = await post('offline', record({ occurred_at: new Date(Date.now() - 3600_000).toISOString() }));
    expect(stale.statusCode).toBe(200);
    expect((await state()).isOnline).toBe(true);
  });

  it('an offline record newer than anything heard marks it offline', async () => {
    await post('online', record());
    const response = await post('offline', record({ occurred_at: new Date(Date.now() + 1000).toISOString() }));
    expect(response.json().data.is_online).toBe(false);
  });

  it('keeps every record with its kind', async () => {
    const rows = await t.db.select().from(screenActivity).where(eq(screenActivity.screenId, screen.id));
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['ONLINE', 'HEARTBEAT', 'OFFLINE']));
    expect(rows[0]?.additionalInfo).toMatchObject({ screen_code: screen.screenCode });
  });

  it('refuses another screen, bad times and unknown fields', async () => {
    const foreign = await post('online', record({ screen_id: randomUUID() }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().details[0].path).toBe('screen_id');
    const badTime = await post('heartbeat', record({ activity_time: '9:15' }));
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toContain('activity_time');
    expect((await post('online', record({ mood: 'happy' }))).statusCode).toBe(400);
  });
});
