import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import { storeMedia } from '../src/modules/media/media.storage.ts';
import { createAd, createCompany, createOutlet, createScreen, honestPlayTimes } from './helpers/factories.ts';
import { postPlays } from './helpers/plays.ts';
import { bearer, connectScreen, fetchScreenAds, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const demo = (name: string) => readFile(new URL(`../assets/demo/${name}`, import.meta.url));
const OVERLAP = 'the screen was already showing another play at played_at';

/**
 * Decision 072: a play takes as long as what it showed, the server's reading of it: a stored
 * video's run time from its file, never the screen's word, and plays of one screen never
 * overlap by any ad's length, however they are split into batches.
 */
describe.each(databaseKinds)('play durations on %s', (kind) => {
  const t = useTestApp(kind);
  let companyId: string;
  let outletId: string;
  let video: { id: string; mediaUrl: string };
  let long: { id: string };
  let remote: { id: string };

  beforeAll(async () => {
    companyId = (await createCompany(t.db)).id;
    outletId = (await createOutlet(t.db)).id;
    // The demo video as the seed stores it: no duration on the ad, only the file says 6 s.
    const mediaUrl = await storeMedia(t.mediaDir, await demo('morning-rush.mp4'), 'mp4');
    const ad = await createAd(t.db, companyId, { type: 'VIDEO', mediaUrl, durationSeconds: null });
    video = { id: ad.id, mediaUrl };
    long = await createAd(t.db, companyId, { durationSeconds: 1_800 });
    remote = await createAd(t.db, companyId, {
      type: 'VIDEO',
      mediaUrl: 'https://cdn.example.com/spots/chai-20s.mp4',
      durationSeconds: null,
    });
  });

  /** A screen of its own for each test, so one test's plays never meet another's. */
  async function newScreen() {
    const screen = await createScreen(t.db, outletId);
    const token = (await connectScreen(t.app, screen)).access_token;
    await fetchScreenAds(t.app, token);
    const post = (logs: object[]) => postPlays(t.app, token, logs);
    const play = (adId: string, at: Date, info: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      ad_id: adId,
      screen_id: screen.id,
      company_id: companyId,
      outlet_id: outletId,
      ...honestPlayTimes(at, 1)[0],
      play_count: 1,
      additional_info: info,
    });
    return { post, play };
  }

  it('stores 6 of 30 plays of the 6 s demo video sent a second apart, whatever duration the screen claims', async () => {
    const { post, play } = await newScreen();
    const start = Date.now() - 3_600_000;
    const burst = Array.from({ length: 30 }, (_, second) =>
      play(video.id, new Date(start + second * 1000), { ad_duration: 1 }),
    );
    const result = await post(burst);
    // A play ends when it is stamped and began 6 s before (less the 20 % tolerance): one every 5 s.
    expect(result.stored.sort()).toEqual([0, 5, 10, 15, 20, 25].map((second) => burst[second]!.id).sort());
    expect(result.refused).toHaveLength(24);
    expect(new Set(result.refused.map((refusal) => refusal.reason))).toEqual(new Set([OVERLAP]));
    // Nor one by one, in batches of their own.
    const later = start + 60_000;
    const single = [];
    for (let second = 0; second < 6; second += 1) {
      single.push(...(await post([play(video.id, new Date(later + second * 1000))])).stored);
    }
    expect(single).toHaveLength(2);
  });

  it('refuses an 1,800 s ad played 15.7 minutes before its stored play, in a later batch', async () => {
    const { post, play } = await newScreen();
    const t1 = Date.now() - 2 * 3_600_000;
    const first = play(long.id, new Date(t1));
    expect((await post([first])).stored).toEqual([first.id]);
    const earlier = play(long.id, new Date(t1 - 15.7 * 60_000));
    expect((await post([earlier])).refused).toEqual([{ id: earlier.id, reason: OVERLAP }]);
    // And the other way round: a later play within the stored one's 30 minutes.
    const after = play(long.id, new Date(t1 + 20 * 60_000));
    expect((await post([after])).refused).toEqual([{ id: after.id, reason: OVERLAP }]);
    // A play after the ad has run is fine.
    const next = play(long.id, new Date(t1 + 30 * 60_000));
    expect((await post([next])).stored).toEqual([next.id]);
  });

  it('refuses plays of the video that overlap a stored 1,800 s play across batches', async () => {
    const { post, play } = await newScreen();
    const t1 = Date.now() - 3 * 3_600_000;
    const stored = play(long.id, new Date(t1));
    expect((await post([stored])).stored).toEqual([stored.id]);
    // 29 minutes before the long ad ended: it was already on screen.
    const inside = play(video.id, new Date(t1 - 29 * 60_000));
    expect((await post([inside])).refused).toEqual([{ id: inside.id, reason: OVERLAP }]);
  });

  it('takes a video at an address the server cannot read as long as the screen reports, but at least 5 s', async () => {
    const { post, play } = await newScreen();
    const start = Date.now() - 4 * 3_600_000;
    // Claims of half a second are read as 5 s (4 s with the tolerance): of plays 1 s apart, one in four.
    const claimedShort = Array.from({ length: 10 }, (_, second) =>
      play(remote.id, new Date(start + second * 1000), { ad_duration: 0.5 }),
    );
    expect((await post(claimedShort)).stored.sort()).toEqual(
      [0, 4, 8].map((second) => claimedShort[second]!.id).sort(),
    );
    // A reported 20 s is 20 s: a play 10 s after one that ran 20 s overlaps it.
    const honest = play(remote.id, new Date(start + 60_000), { ad_duration: 20 });
    const squeezed = play(remote.id, new Date(start + 70_000), { ad_duration: 20 });
    const result = await post([honest, squeezed]);
    expect(result.stored).toEqual([honest.id]);
    expect(result.refused).toEqual([{ id: squeezed.id, reason: OVERLAP }]);
  });

  it('answers the run time of an uploaded video, read from its file', async () => {
    const token = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    for (const [name, type] of [
      ['morning-rush.mp4', 'video/mp4'],
      ['cold-brew.jpg', 'image/jpeg'],
    ] as const) {
      const boundary = `----adloop${randomUUID()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        await demo(name),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ads/media',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.duration_seconds).toBe(type === 'video/mp4' ? 6 : null);
    }
  });

  it('keeps the rollups equal to the stored plays after all the refusals', async () => {
    const result = await t.db.execute<{ logs: number; rolled: number }>(sql`
      select (select count(*)::int from ${playbackLogs}) as logs,
             (select coalesce(sum(plays), 0)::int from play_rollups_daily) as rolled`);
    const [row] = (result as unknown as { rows: { logs: number; rolled: number }[] }).rows;
    expect(row!.logs).toBeGreaterThan(0);
    expect(row!.rolled).toBe(row!.logs);
  });
});
