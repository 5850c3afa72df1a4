import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adRevisions, ads, adVariants, adVersions, mediaFiles, mediaUploads } from '../src/db/schema.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { sweepUnusedMedia } from '../src/modules/media/media-sweep.ts';
import { createAd, createCompany } from './helpers/factories.ts';
import { bearer, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const KB = 1024;
/** A PNG by its signature (the server types files by magic bytes), `size` bytes long and unlike any other. */
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
const nameOf = (mediaUrl: string) => mediaUrl.replace('/media/', '');

describe.each(databaseKinds)('media quota, upload rate and sweep on %s', (kind) => {
  // Small limits, so a full company and a spent hour take kilobytes.
  const limits = {
    imageMaxBytes: 32 * KB,
    videoMaxBytes: 64 * KB,
    companyStorageBytes: 4 * KB,
    userBytesPerHour: 6 * KB,
  };
  const t = useTestApp(kind, { uploadLimits: limits });

  const upload = (token: string, bytes: Buffer, query = '') => {
    const boundary = `----adloop${randomBytes(6).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `/api/ads/media${query}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  /** What /media/ holds, and what is left half-written. */
  const onDisk = async () => ({
    stored: (await readdir(t.mediaDir)).filter((name) => !name.startsWith('.')).sort(),
    incoming: await readdir(`${t.mediaDir}/.incoming`).catch(() => []),
  });
  const recorded = async () => (await t.db.select({ name: mediaFiles.name }).from(mediaFiles)).length;
  const companyWithStaff = async () => {
    const company = await createCompany(t.db);
    const staff = async () => await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    return { id: company.id, first: await staff(), second: await staff() };
  };

  it("refuses an upload beyond the company's storage with 413 naming the limit, and writes nothing", async () => {
    const company = await companyWithStaff();
    const first = png(2 * KB);
    const kept = await upload(company.first, first);
    expect(kept.statusCode).toBe(201);
    expect((await upload(company.second, png(2 * KB))).statusCode).toBe(201);
    const before = { disk: await onDisk(), rows: await recorded() };

    const refused = await upload(company.first, png(KB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: "Your company's media storage is full (4 KB of 4 KB). Remove unused media or ask an admin.",
      details: [{ path: 'file', message: 'media storage full' }],
    });
    expect(await onDisk()).toEqual({ ...before.disk, incoming: [] });
    expect(await recorded()).toBe(before.rows);

    // A file the company already holds takes no more room.
    const again = await upload(company.second, first);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.media_url).toBe(kept.json().data.media_url);
  });

  it("counts a file against its sender's company, or the one a global admin names; another company's is 404", async () => {
    const mine = await companyWithStaff();
    const other = await createCompany(t.db);
    expect((await upload(mine.first, png(KB), `?company_id=${other.id}`)).statusCode).toBe(404);
    expect((await upload(mine.first, png(KB), '?company_id=nope')).statusCode).toBe(400);

    const admin = await signInAs(t);
    expect((await upload(admin, png(KB), `?company_id=${randomUUID()}`)).statusCode).toBe(404);
    expect((await upload(admin, png(3 * KB), `?company_id=${other.id}`)).statusCode).toBe(201);
    const full = await upload(admin, png(2 * KB), `?company_id=${other.id}`);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe(
      "This company's media storage has 1 KB of 4 KB left, and this file is 2 KB. Remove unused media or ask an admin.",
    );
    // Without a company named, only the admin's hourly rate applies; the company role's own company was untouched.
    expect((await upload(admin, png(2 * KB))).statusCode).toBe(201);
    expect((await upload(mine.first, png(3 * KB))).statusCode).toBe(201);
  });

  it('lets only one of two concurrent uploads into storage with room for one', async () => {
    const company = await companyWithStaff();
    const before = (await onDisk()).stored.length;
    const answers = await Promise.all([upload(company.first, png(3 * KB)), upload(company.second, png(3 * KB))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    expect((await onDisk()).stored).toHaveLength(before + 1);
    const counted = await t.db.select().from(mediaUploads).where(eq(mediaUploads.companyId, company.id));
    expect(counted).toHaveLength(1);
  });

  it('refuses beyond the hourly rate with 429 naming it, repeated files included, and writes nothing', async () => {
    const sender = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const same = png(2 * KB);
    expect((await upload(sender.token, same)).statusCode).toBe(201);
    expect((await upload(sender.token, same)).statusCode).toBe(201);
    const before = await onDisk();

    // 2 KB of the hour left: a 3 KB file is stopped as it arrives.
    const stopped = await upload(sender.token, png(3 * KB));
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^You can upload at most 6 KB of media an hour; try again in \d+ minutes\.$/),
    });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await onDisk()).toEqual({ ...before, incoming: [] });

    expect((await upload(sender.token, png(2 * KB))).statusCode).toBe(201);
    // Nothing left: refused before the file is read.
    expect((await upload(sender.token, png(KB))).statusCode).toBe(429);
    const other = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    expect((await upload(other.token, png(KB))).statusCode).toBe(201);

    // The hour rolls: uploads older than an hour count no more.
    await t.db
      .update(mediaUploads)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(mediaUploads.uploadedBy, sender.id));
    expect((await upload(sender.token, png(KB))).statusCode).toBe(201);
  });

  it('sweeps an unreferenced file past the grace period; keeps referenced ones and young ones', async () => {
    const admin = await signInAs(t);
    const url = async () => (await upload(admin, png(512))).json().data.media_url as string;
    const [old, byAd, byVersion, byVariant, byPendingVariant, byRevision, young] = await Promise.all(
      Array.from({ length: 7 }, url),
    );
    const ad = await createAd(t.db, (await createCompany(t.db)).id, { mediaUrl: byAd! });
    await t.db.insert(adVersions).values({
      adId: ad.id,
      version: 1,
      title: 'v1',
      type: 'IMAGE',
      mediaUrl: byVersion!,
      status: 'DRAFT',
      kind: 'created',
    });
    await t.db.insert(adVariants).values([
      { adId: ad.id, label: 'B', type: 'IMAGE', mediaUrl: byVariant! },
      {
        adId: ad.id,
        label: 'C',
        type: 'IMAGE',
        mediaUrl: 'https://cdn.example.com/c.png',
        pending: { media_url: byPendingVariant },
      },
    ]);
    await t.db.insert(adRevisions).values({ adId: ad.id, status: 'PENDING', changes: { media_url: byRevision } });
    await t.db
      .update(mediaFiles)
      .set({ lastUploadedAt: sql`now() - interval '25 hours'` })
      .where(
        inArray(
          mediaFiles.name,
          [old, byAd, byVersion, byVariant, byPendingVariant, byRevision].map((u) => nameOf(u!)),
        ),
      );

    const first = await sweepUnusedMedia(t.db, t.mediaDir);
    expect(first.swept).toBe(true);
    expect(first.removed).toContain(nameOf(old!));
    const kept = [byAd, byVersion, byVariant, byPendingVariant, byRevision, young].map((u) => nameOf(u!));
    expect(first.removed.filter((name) => kept.includes(name))).toEqual([]);
    const { stored } = await onDisk();
    expect(stored).not.toContain(nameOf(old!));
    expect(stored).toEqual(expect.arrayContaining(kept));
    expect((await t.app.inject({ url: old! })).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.name, nameOf(old!))),
    ).toEqual([]);

    // With the ad gone (its versions, variants and held edit with it), its files go too; the young one stays.
    await t.db.delete(ads).where(eq(ads.id, ad.id));
    const second = await sweepUnusedMedia(t.db, t.mediaDir);
    expect(second.removed.sort()).toEqual(kept.filter((name) => name !== nameOf(young!)).sort());
    expect((await onDisk()).stored).toContain(nameOf(young!));
  });

  it('keeps a file that was sent again (its grace period restarts), with one record once the hour has passed', async () => {
    const admin = await signInAs(t);
    const file = png(512);
    const name = nameOf((await upload(admin, file)).json().data.media_url);
    await t.db
      .update(mediaFiles)
      .set({ lastUploadedAt: sql`now() - interval '25 hours'` })
      .where(eq(mediaFiles.name, name));
    expect((await upload(admin, file)).statusCode).toBe(201);
    const records = () => t.db.select().from(mediaUploads).where(eq(mediaUploads.fileName, name));
    expect(await records()).toHaveLength(2);
    await t.db
      .update(mediaUploads)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(mediaUploads.fileName, name));

    expect((await sweepUnusedMedia(t.db, t.mediaDir)).removed).not.toContain(name);
    expect((await onDisk()).stored).toContain(name);
    expect(await records()).toHaveLength(1);
  });

  // PGlite is one connection: a second transaction cannot run beside an open one.
  describe.skipIf(kind === 'pglite')('beside other processes', () => {
    const oldFile = async () => {
      const admin = await signInAs(t);
      const mediaUrl = (await upload(admin, png(512))).json().data.media_url as string;
      await t.db
        .update(mediaFiles)
        .set({ lastUploadedAt: sql`now() - interval '25 hours'` })
        .where(eq(mediaFiles.name, nameOf(mediaUrl)));
      return mediaUrl;
    };

    /** Until another connection of this database waits for a lock (the reference, held by the "sweep"). */
    const waitForLockWaiter = async () => {
      for (let tries = 0; tries < 100; tries += 1) {
        const waiting = await t.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the reference never waited on the file');
    };

    it('sweeps in one process at a time', async () => {
      const mediaUrl = await oldFile();
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('media-sweep', 0))`);
        expect(await sweepUnusedMedia(t.db, t.mediaDir)).toEqual({ swept: false, removed: [] });
      });
      expect((await sweepUnusedMedia(t.db, t.mediaDir)).removed).toContain(nameOf(mediaUrl));
    });

    it('never removes a file that a transaction still open is starting to reference', async () => {
      const mediaUrl = await oldFile();
      const company = await createCompany(t.db);
      await t.db.transaction(async (tx) => {
        await tx
          .insert(ads)
          .values({ companyId: company.id, title: 'New', type: 'IMAGE', mediaUrl, durationSeconds: 5 });
        expect((await sweepUnusedMedia(t.db, t.mediaDir)).removed).not.toContain(nameOf(mediaUrl));
      });
      expect((await sweepUnusedMedia(t.db, t.mediaDir)).removed).not.toContain(nameOf(mediaUrl));
      expect((await onDisk()).stored).toContain(nameOf(mediaUrl));
    });

    it('fails a reference that waited on a sweep which removed its file, as a lost race (503)', async () => {
      const mediaUrl = await oldFile();
      const company = await createCompany(t.db);
      let referencing: Promise<unknown> = Promise.resolve();
      await t.db.transaction(async (tx) => {
        // As the sweep does: lock the file, then remove it.
        await tx
          .select()
          .from(mediaFiles)
          .where(eq(mediaFiles.name, nameOf(mediaUrl)))
          .for('update');
        referencing = createAd(t.db, company.id, { mediaUrl }).then(
          () => null,
          (error: unknown) => error,
        );
        await waitForLockWaiter();
        await tx.delete(mediaFiles).where(eq(mediaFiles.name, nameOf(mediaUrl)));
      });
      expect(isDatabaseUnavailable(await referencing)).toBe(true);
      expect(await t.db.select().from(ads).where(eq(ads.mediaUrl, mediaUrl))).toEqual([]);
    });
  });
});
