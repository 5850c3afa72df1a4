import { randomUUID } from 'node:crypto';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playbackLogArchives, playbackLogs } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import {
  archiveFolder,
  archiveOldPlays,
  monthsPastRetention,
  readArchive,
  readManifest,
} from '../src/modules/playback-logs/play-archive.ts';
import {
  addMonths,
  makePlayPartitions,
  monthOf,
  monthStart,
  partitionedMonths,
} from '../src/modules/playback-logs/play-partitions.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const RETENTION_MONTHS = 3;
const DAY_MS = 86_400_000;

interface StoredPlay {
  id: string;
  playCount: number;
  priceMinor: number;
}

describe('which months the archive takes', () => {
  it('takes a month only once it lies wholly before the retention, and before any play a screen may still report', () => {
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
    expect(monthsPastRetention(months, 3, Date.parse('2026-11-28T00:00:00Z'))).toEqual(['2026-06', '2026-07']);
    expect(monthsPastRetention(months, 3, Date.parse('2026-11-01T00:00:00Z'))).toEqual(['2026-06', '2026-07']);
    expect(monthsPastRetention(months, 3, Date.parse('2026-10-31T23:59:59Z'))).toEqual(['2026-06']);
    // A month back from the 31st is the last day of the shorter month, not a day of this one.
    expect(monthsPastRetention(['2027-01', '2027-02'], 1, Date.parse('2027-03-31T12:00:00Z'))).toEqual(['2027-01']);
    expect(monthsPastRetention(['2027-01', '2027-02'], 1, Date.parse('2027-04-01T00:00:00Z'))).toEqual([
      '2027-01',
      '2027-02',
    ]);
    // One month of retention still keeps the 7 days a screen may report back (decision 036).
    expect(monthsPastRetention(months, 1, Date.parse('2026-11-03T00:00:00Z'))).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
  });
});

describe.each(databaseKinds)('the archive of old plays on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let dataDir: string;
  let admin: string;
  let outletId: string;
  const now = Date.now();
  // Two months wholly past a 3-month retention, one just inside it.
  const oldest = addMonths(monthOf(now), -5);
  const old = addMonths(monthOf(now), -4);
  const kept = addMonths(monthOf(now), -3);
  const plays = new Map<string, StoredPlay[]>();

  /** Plays through a month, 10 a day at noon UTC, as ingestion stores them (priced, 1–3 a row). */
  async function playsIn(month: string, ids: { ad: string; company: string; screen: string; outlet: string }) {
    const rows: (typeof playbackLogs.$inferInsert)[] = [];
    const start = monthStart(month).getTime();
    for (let day = 0; start + day * DAY_MS < monthStart(addMonths(month, 1)).getTime(); day += 1) {
      for (let n = 0; n < 10; n += 1) {
        const playedAt = new Date(start + day * DAY_MS + 12 * 3_600_000 + n * 60_000);
        const iso = playedAt.toISOString();
        rows.push({
          id: randomUUID(),
          adId: ids.ad,
          screenId: ids.screen,
          companyId: ids.company,
          outletId: ids.outlet,
          playedAt,
          playDate: iso.slice(0, 10),
          playTime: iso.slice(11, 19),
          playCount: 1 + (n % 3),
          priceMinor: 150 * (1 + (n % 3)),
          additionalInfo: { ad_title: 'Latte, "large"', n },
        });
      }
    }
    await t.db.insert(playbackLogs).values(rows);
    plays.set(
      month,
      rows.map((row) => ({ id: row.id, playCount: row.playCount!, priceMinor: row.priceMinor! })),
    );
  }

  const range = { from: `${oldest}-01`, to: `${addMonths(monthOf(now), -1)}-28` };
  /** What the money and analytics pages answer for the whole history, through the real routes. */
  async function totals() {
    const answers = await Promise.all([
      call('GET', `/api/analytics/overview?from=${range.from}&to=${range.to}`, admin),
      call('GET', '/api/ad-transaction/spend', admin),
      call('GET', `/api/screen-payout/earnings?outlet_id=${outletId}`, admin),
      call(
        'GET',
        `/api/screen-payout/proposal?outlet_id=${outletId}&period_start=${oldest}-01&period_end=${kept}-28`,
        admin,
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    return answers.map((answer) => answer.json().data);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'adloop-archive-'));
    admin = await signInAs(t);
    const company = await createCompany(t.db);
    const outlet = await createOutlet(t.db, { timezone: 'UTC' });
    outletId = outlet.id;
    const ad = await createAd(t.db, company.id);
    const screen = await createScreen(t.db, outlet.id);
    const ids = { ad: ad.id, company: company.id, screen: screen.id, outlet: outlet.id };
    await makePlayPartitions(t.db, [oldest, old, kept]);
    for (const month of [oldest, old, kept]) await playsIn(month, ids);
    await rebuildRollups(t.db);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each month past the retention to a verified archive, then drops it, every total unchanged', async () => {
    const before = await totals();
    const allPlays = [...plays.values()].flat();
    expect(before[1].totals).toMatchObject({
      plays: allPlays.reduce((sum, play) => sum + play.playCount, 0),
      spend_minor: allPlays.reduce((sum, play) => sum + play.priceMinor, 0),
    });
    // An earlier run left a partial file and manifest of the oldest month: rewritten, never trusted.
    const folder = archiveFolder(dataDir);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `${oldest}.csv.gz`), 'not a gzip, cut short');
    await writeFile(path.join(folder, `${oldest}.manifest.json`), '{"rows": 1');

    const archived = await archiveOldPlays(t.db, { dataDir, retentionMonths: RETENTION_MONTHS, now });

    expect(archived.map((manifest) => manifest.month)).toEqual([oldest, old]);
    const months = await partitionedMonths(t.db);
    expect(months).not.toContain(oldest);
    expect(months).not.toContain(old);
    expect(months).toContain(kept);
    for (const month of [oldest, old]) {
      const stored = plays.get(month)!;
      const manifest = await readManifest(dataDir, month);
      const playCountSum = stored.reduce((sum, play) => sum + play.playCount, 0);
      expect(manifest).toMatchObject({
        table: 'playback_logs',
        month,
        file: `${month}.csv.gz`,
        rows: stored.length,
        play_count_sum: playCountSum,
        first_played_at: `${month}-01T12:00:00.000000Z`,
      });
      expect(manifest.columns).toEqual(expect.arrayContaining(['id', 'played_at', 'play_count', 'price_minor']));
      // The file read back: the same rows, ids, counts and prices; its sha256 the manifest's.
      const read: StoredPlay[] = [];
      const figures = await readArchive(path.join(folder, manifest.file), (row) =>
        read.push({ id: row.id!, playCount: Number(row.play_count), priceMinor: Number(row.price_minor) }),
      );
      expect(figures).toMatchObject({ rows: stored.length, playCountSum, sha256: manifest.sha256 });
      const byId = (a: StoredPlay, b: StoredPlay) => (a.id < b.id ? -1 : 1);
      expect(read.sort(byId)).toEqual([...stored].sort(byId));
    }
    const records = await t.db.select().from(playbackLogArchives);
    expect(records.map((record) => [record.month, record.file, record.rows])).toEqual([
      [oldest, `archive/playback_logs/${oldest}.csv.gz`, plays.get(oldest)!.length],
      [old, `archive/playback_logs/${old}.csv.gz`, plays.get(old)!.length],
    ]);

    expect(await totals()).toEqual(before);
    // A rebuild of the rollups keeps the archived days (their plays are in the files), so nothing moves.
    await rebuildRollups(t.db);
    expect(await totals()).toEqual(before);
  });

  it('does nothing when run again, and never makes an archived month again', async () => {
    const files = await readFile(path.join(archiveFolder(dataDir), `${old}.csv.gz`));
    expect(await archiveOldPlays(t.db, { dataDir, retentionMonths: RETENTION_MONTHS, now })).toEqual([]);
    expect(await readFile(path.join(archiveFolder(dataDir), `${old}.csv.gz`))).toEqual(files);
    await makePlayPartitions(t.db, [old]);
    expect(await partitionedMonths(t.db)).not.toContain(old);
    await expect(access(path.join(archiveFolder(dataDir), `${old}.csv.gz.tmp`))).rejects.toThrow();
  });

  it('names the archived months the playback log is asked for, in the list and the CSV export', async () => {
    const from = monthStart(old).toISOString();
    const to = monthStart(addMonths(kept, 1)).toISOString();
    const list = await call('GET', `/api/playback-logs?from=${from}&to=${to}&limit=5`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.archived).toEqual([
      { month: old, file: `archive/playback_logs/${old}.csv.gz`, rows: plays.get(old)!.length },
    ]);
    expect(list.json().data).toHaveLength(5);
    const recent = await call('GET', `/api/playback-logs?from=${monthStart(kept).toISOString()}`, admin);
    expect(recent.json().meta.archived).toEqual([]);
    const all = await call('GET', '/api/playback-logs', admin);
    expect(all.json().meta.archived.map((month: { month: string }) => month.month)).toEqual([oldest, old]);

    const ticket = await call('POST', '/api/playback-logs/exports', admin, { from, to });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: ticket.json().data.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-adloop-archived']).toBe(old);
    // The CSV itself holds only stored plays, beginning with its usual header.
    expect(csv.body.split('\r\n')[0]).toMatch(/^id,played_at_utc,/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + plays.get(kept)!.length);
  });
});

describe.each(databaseKinds)('the server archiving by itself on %s', (kind) => {
  const dataDir = path.join(tmpdir(), `adloop-archive-job-${randomUUID()}`);
  // Every 100 ms here, every 6 hours in a server: a month past the retention goes on the next run.
  const t = useTestApp(kind, { playStorage: { dataDir, retentionMonths: RETENTION_MONTHS, intervalMs: 100 } });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('archives a month past PLAY_RETENTION_MONTHS on its next run, and has made the coming months', async () => {
    const month = addMonths(monthOf(Date.now()), -RETENTION_MONTHS - 2);
    expect(await partitionedMonths(t.db)).toEqual(expect.arrayContaining([addMonths(monthOf(Date.now()), 2)]));
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id);
    const screen = await createScreen(t.db, (await createOutlet(t.db)).id);
    await makePlayPartitions(t.db, [month]);
    const playedAt = new Date(monthStart(month).getTime() + DAY_MS);
    await t.db.insert(playbackLogs).values({
      id: randomUUID(),
      adId: ad.id,
      screenId: screen.id,
      companyId: company.id,
      outletId: screen.outletId,
      playedAt,
      playDate: playedAt.toISOString().slice(0, 10),
      playTime: '00:00:00',
    });
    await expect
      .poll(async () => (await t.db.select().from(playbackLogArchives)).map((record) => record.month), {
        timeout: 15_000,
      })
      .toEqual([month]);
    expect(await partitionedMonths(t.db)).not.toContain(month);
    expect(await readManifest(dataDir, month)).toMatchObject({ month, rows: 1, play_count_sum: 1 });
  });
});

// PGlite has one connection: nothing can hold a lock against the job there.
describe.runIf(databaseKinds.includes('postgres'))('an archive run stopped half way, on postgres', () => {
  const t = useTestApp('postgres');
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'adloop-archive-stopped-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves the partition whole and unrecorded, and the next run archives it', async () => {
    const month = addMonths(monthOf(Date.now()), -RETENTION_MONTHS - 3);
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id);
    const screen = await createScreen(t.db, (await createOutlet(t.db)).id);
    await makePlayPartitions(t.db, [month]);
    const playedAt = new Date(monthStart(month).getTime() + DAY_MS);
    await t.db.insert(playbackLogs).values(
      [0, 1, 2].map((n) => ({
        id: randomUUID(),
        adId: ad.id,
        screenId: screen.id,
        companyId: company.id,
        outletId: screen.outletId,
        playedAt: new Date(playedAt.getTime() + n * 60_000),
        playDate: playedAt.toISOString().slice(0, 10),
        playTime: '00:00:00',
        playCount: 2,
      })),
    );
    // Another session holds the month's partition: the run stops at its lock timeout, as a crash would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = false;
    const blocker = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`lock table ${sql.identifier(`playback_logs_${month.replace('-', '_')}`)} in access exclusive mode`,
      );
      locked = true;
      await held;
    });
    await expect.poll(() => locked).toBe(true);
    try {
      await expect(archiveOldPlays(t.db, { dataDir, retentionMonths: RETENTION_MONTHS })).rejects.toThrow();
    } finally {
      release();
      await blocker;
    }
    expect(await partitionedMonths(t.db)).toContain(month);
    expect(await t.db.select().from(playbackLogArchives)).toEqual([]);

    expect((await archiveOldPlays(t.db, { dataDir, retentionMonths: RETENTION_MONTHS })).map((m) => m.month)).toEqual([
      month,
    ]);
    expect(await partitionedMonths(t.db)).not.toContain(month);
    expect(await readManifest(dataDir, month)).toMatchObject({ rows: 3, play_count_sum: 6 });
  });
});
