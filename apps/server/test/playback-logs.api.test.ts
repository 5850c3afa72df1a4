import { randomUUID } from 'node:crypto';
import { MAX_PLAYBACK_BATCH } from '@adloop/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import {
  adAndScreen,
  createAd,
  createCompany,
  createUser,
  honestPlayTimes,
  reportedPlay,
} from './helpers/factories.ts';
import { bearer, connectScreen, loginAs, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('proof of play on %s', (kind) => {
  const t = useTestApp(kind);
  let token: string;
  let play: (overrides?: Record<string, unknown>) => Record<string, unknown>;
  let screenId: string;
  let otherCompanyAdId: string;

  beforeAll(async () => {
    const { ad, screen } = await adAndScreen(t.db, { title: 'Latte' });
    otherCompanyAdId = (await createAd(t.db, (await createCompany(t.db)).id)).id;
    screenId = screen.id;
    token = (await connectScreen(t.app, screen)).access_token;
    // Each play starts 10 s after the last (the ad runs 5 s), from three days ago: plays the screen could show.
    let clock = Date.now() - 3 * 86_400_000;
    play = (overrides = {}) => {
      clock += 10_000;
      return { ...reportedPlay(ad, screen, honestPlayTimes(new Date(clock), 1)[0]!), ...overrides };
    };
  });

  const post = (body: unknown, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/playback-logs/log', headers: bearer(auth), payload: body as object });
  const storedCount = async (ids: string[]) => {
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(playbackLogs)
      .where(sql`${playbackLogs.id} in ${ids}`);
    return row?.count ?? 0;
  };

  it('stores a batch once however often it is sent', async () => {
    const logs = Array.from({ length: 50 }, () => play());
    const ids = logs.map((log) => log.id as string);
    const first = await post({ logs });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ stored: [...ids].sort(), duplicates: [], refused: [] });
    const again = await post({ logs });
    expect(again.json().data).toEqual({ stored: [], duplicates: expect.arrayContaining(ids), refused: [] });
    expect(again.json().data.duplicates).toHaveLength(50);
    expect(await storedCount(ids)).toBe(50);
  });

  it('stores the new plays of a batch that repeats some', async () => {
    const old = play();
    await post({ logs: [old] });
    const fresh = play();
    const response = await post({ logs: [old, fresh] });
    expect(response.json().data).toEqual({ stored: [fresh.id], duplicates: [old.id], refused: [] });
  });

  it('keeps the play as the screen reported it', async () => {
    const log = play();
    await post({ logs: [log] });
    const [row] = await t.db
      .select()
      .from(playbackLogs)
      .where(eq(playbackLogs.id, log.id as string));
    expect(row).toMatchObject({
      screenId,
      playDate: log.play_date,
      playTime: log.play_time,
      playCount: 1,
      additionalInfo: log.additional_info,
    });
    expect(row?.playedAt.toISOString()).toBe(log.played_at);
  });

  it.each([
    ['a bad time', { play_time: '25:00:00' }, 'logs.1.play_time'],
    ['a bad date', { play_date: '20-11-2026' }, 'logs.1.play_date'],
    ['a play count other than 1', { play_count: 3 }, 'logs.1.play_count'],
    ['a non-UUID id', { id: 'play-1' }, 'logs.1.id'],
    ['an unknown field', { extra: true }, 'logs.1'],
    ['no timestamp', { played_at: undefined }, 'logs.1.played_at'],
  ])('%s → 400 naming the item, nothing stored', async (_case, override, path) => {
    const good = play();
    const response = await post({ logs: [good, play(override)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { path: string }) => detail.path)).toContain(`body.${path}`);
    expect(await storedCount([good.id as string])).toBe(0);
  });

  it('refuses empty, oversized and malformed batches', async () => {
    expect((await post({ logs: [] })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    expect((await post([play()])).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_PLAYBACK_BATCH + 1 }, () => play());
    const response = await post({ logs: tooMany });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('at most 500');
  });

  it('keeps a play from a screen whose clock runs a little fast; refuses one stamped over 5 minutes ahead', async () => {
    const slightlyAhead = play(honestPlayTimes(new Date(Date.now() + 60_000), 1)[0]);
    const farAhead = play(honestPlayTimes(new Date(Date.now() + 3600_000), 1)[0]);
    const response = await post({ logs: [slightlyAhead, farAhead] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.stored).toEqual([slightlyAhead.id]);
    expect(response.json().data.refused).toEqual([
      { id: farAhead.id, reason: 'played_at is ahead of the server clock by more than 5 minutes' },
    ]);
    expect(await storedCount([farAhead.id as string])).toBe(0);
  });

  it('refuses plays of another screen, another outlet or an ad of another company, naming the item', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ screen_id: randomUUID() }, 'screen_id is not the signed-in screen'],
      [{ outlet_id: randomUUID() }, "outlet_id is not the screen's outlet"],
      [{ ad_id: randomUUID() }, 'ad_id is not a known ad'],
      [{ ad_id: otherCompanyAdId }, "company_id is not the ad's company"],
    ];
    for (const [override, reason] of cases) {
      const log = play(override);
      const honest = play();
      const response = await post({ logs: [log, honest] });
      expect(response.statusCode, reason).toBe(200);
      expect(response.json().data).toEqual({ stored: [honest.id], duplicates: [], refused: [{ id: log.id, reason }] });
      expect(await storedCount([log.id as string])).toBe(0);
    }
  });

  it('refuses staff tokens and no token', async () => {
    const admin = await createUser(t.db);
    const staffToken = await loginAs(t.app, admin);
    expect((await post({ logs: [play()] }, staffToken)).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/playback-logs/log',
      payload: { logs: [play()] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages plays newest first by cursor without gaps or repeats, even while plays arrive', async () => {
    const admin = await signInAs(t);
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const base = Date.parse(`${day}T10:00:00Z`);
    const logs = Array.from({ length: 25 }, (_, index) => play(honestPlayTimes(new Date(base + index * 10_000), 1)[0]));
    expect((await post({ logs })).json().data.stored).toHaveLength(25);
    let arriving = 0;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `screen_id=${screenId}&to=${day}T23:59:59Z&from=${day}T00:00:00Z&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.app.inject({ method: 'GET', url: `/api/playback-logs?${query}`, headers: bearer(admin) });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().data.map((row: { id: string }) => row.id));
      cursor = page.json().meta.nextCursor;
      arriving += 1;
      // A play in the gap between two stored ones (each runs 5 s of their 10 s), and one of now.
      const between = play(honestPlayTimes(new Date(base + arriving * 10_000 + 5_000), 1)[0]);
      expect((await post({ logs: [between, play()] })).json().data.stored).toHaveLength(2);
    } while (cursor);
    const original = new Set(logs.map((log) => log.id as string));
    expect(seen.filter((id) => original.has(id)).sort()).toEqual([...original].sort());
    expect(new Set(seen).size).toBe(seen.length);
    const bad = await t.app.inject({ method: 'GET', url: '/api/playback-logs?cursor=bogus', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
