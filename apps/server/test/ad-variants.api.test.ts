import { randomUUID } from 'node:crypto';
import { nextVariant, type RotationState } from '@adloop/contract/ab-test';
import { outletWallClock, zonedInstant } from '@adloop/contract/clock';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads, linkScans } from '../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createScreen, DEFAULT_OUTLET_ZONE } from './helpers/factories.ts';
import { bearer, connectScreen, fetchScreenAds, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const IMAGE_A = `/media/${'a'.repeat(64)}.png`;
const IMAGE_B = `/media/${'b'.repeat(64)}.png`;
const VIDEO_C = `/media/${'c'.repeat(64)}.mp4`;
// Plays count on their outlet's calendar (decision 072): "today" is the outlet's, not UTC's.
const today = () => outletWallClock(Date.now(), DEFAULT_OUTLET_ZONE).date;

interface VariantBody {
  id: string;
  label: string;
  weight: number;
  link: { code: string; url: string } | null;
  reviewed: boolean;
  sent_to_review: boolean;
}

describe.each(databaseKinds)('A/B variants on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyA: string;
  let companyAdminA: string;
  let companyEmployeeA: string;
  let companyAdminB: string;
  let outletAdmin: string;
  let adA: string;
  let adB: string;
  let outletId: string;
  let screen: { id: string; screenCode: string; passcode: string };
  let screenToken: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    companyA = (await createCompany(t.db)).id;
    const companyB = (await createCompany(t.db)).id;
    outletId = (await createOutlet(t.db)).id;
    screen = await createScreen(t.db, outletId);
    screenToken = (await connectScreen(t.app, screen)).access_token;
    adA = (await createAd(t.db, companyA, { title: 'Cold brew', mediaUrl: IMAGE_A })).id;
    adB = (await createAd(t.db, companyB, { title: 'Rival' })).id;
    companyAdminA = await signInAs(t, 'COMPANY_ADMIN', { companyId: companyA });
    companyEmployeeA = await signInAs(t, 'COMPANY_EMPLOYEE', { companyId: companyA });
    companyAdminB = await signInAs(t, 'COMPANY_ADMIN', { companyId: companyB });
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
  });

  const url = (adId: string, variantId?: string) => `/api/ads/${adId}/variants${variantId ? `/${variantId}` : ''}`;
  const add = (adId: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: url(adId), headers: bearer(token), payload });
  const edit = (adId: string, variantId: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: url(adId, variantId), headers: bearer(token), payload });
  const remove = (adId: string, variantId: string, token: string) =>
    t.app.inject({ method: 'DELETE', url: url(adId, variantId), headers: bearer(token) });
  const list = (adId: string, token: string) => t.app.inject({ method: 'GET', url: url(adId), headers: bearer(token) });
  const screenAds = (etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: { ...bearer(screenToken), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const scan = (code: string, userAgent: string, query = '', remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/r/${code}${query}`, headers: { 'user-agent': userAgent }, remoteAddress });
  const statusOf = async (adId: string) => (await t.db.select().from(ads).where(eq(ads.id, adId)))[0]?.status;
  const created = async (adId: string, token: string, payload: object) => {
    const response = await add(adId, token, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as VariantBody;
  };
  // Plays the screen could have shown (decision 036): one after another, 5 s each, from `playClock` on.
  let playClock = Date.now();
  const plays = (adId: string, variantId: string, n: number) =>
    Array.from({ length: n }, () => {
      playClock += 5_500;
      const playedAt = new Date(playClock);
      return {
        id: randomUUID(),
        ad_id: adId,
        screen_id: screen.id,
        company_id: companyA,
        outlet_id: outletId,
        play_date: playedAt.toISOString().slice(0, 10),
        play_time: playedAt.toISOString().slice(11, 19),
        play_count: 1,
        played_at: playedAt.toISOString(),
        variant_id: variantId,
        additional_info: {},
      };
    });
  const postPlays = (logs: object[]) =>
    t.app.inject({ method: 'POST', url: '/api/playback-logs/log', headers: bearer(screenToken), payload: { logs } });
  const analytics = (adId: string, token: string, from = today(), to = today()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/variants?ad_id=${adId}&from=${from}&to=${to}`,
      headers: bearer(token),
    });

  it('refuses bad variants with a 4xx that names the problem', async () => {
    const valid = { label: 'A', type: 'IMAGE', media_url: IMAGE_A, duration_seconds: 5, weight: 50 };
    const cases: Array<[object, string]> = [
      [{ ...valid, label: '' }, 'Label is required'],
      [{ ...valid, label: '   ' }, 'Label is required'],
      [{ ...valid, label: 'x'.repeat(21) }, 'at most 20'],
      [{ ...valid, weight: -1 }, 'Weight is 0-100'],
      [{ ...valid, weight: 101 }, 'Weight is 0-100'],
      [{ ...valid, weight: 1.5 }, 'whole number'],
      [{ ...valid, weight: '50' }, 'Weight must be a number'],
      [{ ...valid, link_url: 'ftp://example.com/offer' }, 'http:// or https://'],
      [{ ...valid, link_url: 'javascript:alert(1)' }, 'http:// or https://'],
      [{ ...valid, link_url: 'https://' }, 'http:// or https://'],
      [{ ...valid, link_url: `https://example.com/${'x'.repeat(2000)}` }, 'at most 2000'],
      [{ ...valid, media_url: 'javascript:alert(1)' }, 'http:// or https://'],
      [{ ...valid, type: 'GIF' }, 'type'],
      [{ ...valid, link_code: 'chosen12' }, 'link_code'],
    ];
    for (const [payload, message] of cases) {
      const response = await add(adA, admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const huge = await add(adA, admin, { ...valid, label: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect((await add(randomUUID(), admin, valid)).statusCode).toBe(404);
    expect((await add('not-a-uuid', admin, valid)).statusCode).toBe(400);
    expect((await edit(adA, randomUUID(), admin, { weight: 10 })).statusCode).toBe(404);
    expect((await list(adA, admin)).json().data).toEqual([]);
  });

  it('creates, lists in label order, edits and deletes; a duplicate label is a 409 naming it', async () => {
    const b = await created(adA, admin, {
      label: 'B',
      type: 'IMAGE',
      media_url: IMAGE_B,
      weight: 30,
      link_url: 'https://example.com/offer?src=qr',
    });
    expect(b.link?.url).toBe('https://example.com/offer?src=qr');
    expect(b.link?.code).toMatch(/^[A-Za-z0-9_-]{8}$/);
    // The first new creative started the test against the ad's own creative, variant A (decision 050).
    const [a] = (await list(adA, admin)).json().data as [VariantBody];
    expect(a).toMatchObject({ label: 'A', media_url: IMAGE_A, weight: 50, link: null });
    expect((await edit(adA, a.id, admin, { weight: 70 })).statusCode).toBe(200);

    const duplicate = await add(adA, admin, { label: 'b', type: 'IMAGE', media_url: IMAGE_B });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('"b"');
    const renamedOnto = await edit(adA, a.id, admin, { label: 'B' });
    expect(renamedOnto.statusCode).toBe(409);
    expect(renamedOnto.json().message).toContain('"B"');

    const listed = (await list(adA, companyEmployeeA)).json().data as VariantBody[];
    expect(listed.map((variant) => [variant.label, variant.weight])).toEqual([
      ['A', 70],
      ['B', 30],
    ]);

    const video = await created(adA, admin, { label: 'C', type: 'VIDEO', media_url: VIDEO_C, duration_seconds: 9 });
    expect(video).toMatchObject({ weight: 50, duration_seconds: null });
    const relinked = await edit(adA, b.id, admin, { link_url: 'https://example.com/other' });
    expect(relinked.json().data.link).toEqual({ code: b.link?.code, url: 'https://example.com/other' });
    expect((await edit(adA, video.id, admin, {})).statusCode).toBe(400);
    expect((await remove(adA, video.id, admin)).statusCode).toBe(204);
    expect((await list(adA, admin)).json().data).toHaveLength(2);
  });

  it("keeps another company's variants out of reach and outlet staff read-only", async () => {
    const foreign = await created(adB, admin, { label: 'A', type: 'IMAGE', media_url: IMAGE_A });
    expect((await list(adB, companyAdminA)).statusCode).toBe(404);
    expect((await add(adB, companyAdminA, { label: 'X', type: 'IMAGE', media_url: IMAGE_A })).statusCode).toBe(404);
    expect((await edit(adB, foreign.id, companyAdminA, { weight: 0 })).statusCode).toBe(404);
    expect((await remove(adB, foreign.id, companyAdminA)).statusCode).toBe(404);
    // A's variant reached through B's ad id is not B's to touch either.
    const [mine] = (await list(adA, companyAdminA)).json().data as VariantBody[];
    expect((await edit(adB, mine!.id, companyAdminB, { weight: 0 })).statusCode).toBe(404);
    expect((await edit(adA, mine!.id, companyAdminB, { weight: 0 })).statusCode).toBe(404);

    expect((await list(adA, outletAdmin)).statusCode).toBe(200);
    expect((await add(adA, outletAdmin, { label: 'X', type: 'IMAGE', media_url: IMAGE_A })).statusCode).toBe(403);
    expect((await edit(adA, mine!.id, outletAdmin, { weight: 0 })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(adA) })).statusCode).toBe(401);
  });

  it('puts variants with weight > 0 in the screen list, whose ETag changes with every variant edit', async () => {
    const plain = await createAd(t.db, companyA, { title: 'Plain' });
    const first = await screenAds();
    const ad = (first.json().data as Array<{ id: string; variants?: VariantBody[] }>).find((row) => row.id === adA);
    expect(ad?.variants?.map((variant) => [variant.label, variant.weight])).toEqual([
      ['A', 70],
      ['B', 30],
    ]);
    expect(ad?.variants?.[1]?.link?.url).toBe('https://example.com/other');
    const etag = first.headers.etag as string;
    expect((await screenAds(etag)).statusCode).toBe(304);

    const [a] = (await list(adA, admin)).json().data as VariantBody[];
    expect((await edit(adA, a!.id, companyAdminA, { weight: 0 })).json().data.sent_to_review).toBe(false);
    const second = await screenAds(etag);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    const after = (second.json().data as Array<{ id: string; variants?: VariantBody[] }>).find((row) => row.id === adA);
    expect(after?.variants?.map((variant) => variant.label)).toEqual(['B']);
    await edit(adA, a!.id, admin, { weight: 70 });
    const other = (second.json().data as Array<{ id: string; variants?: unknown }>).filter(
      (row) => row.id !== adA && row.id !== adB,
    );
    expect(other.map((row) => row.id)).toContain(plain.id);
    for (const row of other) expect(row).not.toHaveProperty('variants');
  });

  it("holds an advertiser's new creative or link on a running ad for review while the ad keeps playing, not a weight or the ad's own creative", async () => {
    const ad = (await createAd(t.db, companyA, { mediaUrl: IMAGE_A, type: 'IMAGE' })).id;
    const labelsOnScreen = async () => {
      const listed = (await screenAds()).json().data as Array<{ id: string; variants?: VariantBody[] }>;
      return listed.find((row) => row.id === ad)?.variants?.map((variant) => variant.label);
    };
    const own = await created(ad, companyAdminA, {
      label: 'A',
      type: 'IMAGE',
      media_url: IMAGE_A,
      duration_seconds: 5,
    });
    expect(own).toMatchObject({ sent_to_review: false, reviewed: true });
    const longer = await created(ad, companyAdminA, {
      label: 'A2',
      type: 'IMAGE',
      media_url: IMAGE_A,
      duration_seconds: 9,
    });
    expect(longer).toMatchObject({ sent_to_review: true, reviewed: false });
    const fresh = await created(ad, companyAdminA, {
      label: 'B',
      type: 'IMAGE',
      media_url: IMAGE_B,
      link_url: 'https://example.com/b',
    });
    expect(fresh.sent_to_review).toBe(true);
    expect(await statusOf(ad)).toBe('ACTIVE');
    expect(await labelsOnScreen()).toEqual(['A']);
    expect((await scan(fresh.link!.code, 'Reviewer/1')).statusCode).toBe(404);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ad}/revision/approve`,
      headers: bearer(admin),
    });
    expect(approved.json().data).toMatchObject({ status: 'ACTIVE', revision: null });
    expect(await labelsOnScreen()).toEqual(['A', 'A2', 'B']);
    expect((await scan(fresh.link!.code, 'Reviewer/1')).headers.location).toBe('https://example.com/b');

    expect((await edit(ad, fresh.id, companyAdminA, { weight: 10, label: 'Bee' })).json().data.sent_to_review).toBe(
      false,
    );
    expect((await edit(ad, fresh.id, companyAdminA, { link_url: 'https://example.com/c' })).json().data).toMatchObject({
      sent_to_review: true,
      link: { code: fresh.link?.code, url: 'https://example.com/b' },
      pending: { link_url: 'https://example.com/c' },
    });
    expect((await scan(fresh.link!.code, 'Reviewer/2')).headers.location).toBe('https://example.com/b');
    expect((await created(ad, admin, { label: 'C', type: 'IMAGE', media_url: IMAGE_B })).sent_to_review).toBe(false);
    expect(await statusOf(ad)).toBe('ACTIVE');
    expect(await labelsOnScreen()).toEqual(['A', 'A2', 'Bee', 'C']);
  });

  it('makes the original creative variant A when the first new creative is added: A plays while B waits, then both rotate by weight', async () => {
    const ad = (await createAd(t.db, companyA, { title: 'Mango lassi', mediaUrl: IMAGE_A, durationSeconds: 5 })).id;
    const onScreen = async () => {
      const listed = await fetchScreenAds(t.app, screenToken);
      return (listed as Array<{ id: string; variants?: Array<VariantBody & { media_url: string }> }>).find(
        (row) => row.id === ad,
      )?.variants;
    };
    // The advertiser labels the new creative "A", as a first variant would be; the original takes A.
    const challenger = await created(ad, companyAdminA, {
      label: 'A',
      type: 'IMAGE',
      media_url: IMAGE_B,
      duration_seconds: 5,
      link_url: 'https://example.com/lassi',
    });
    expect(challenger).toMatchObject({ label: 'B', weight: 50, reviewed: false, sent_to_review: true });
    const variants = (await list(ad, companyAdminA)).json().data as Array<VariantBody & { media_url: string }>;
    expect(variants.map((variant) => [variant.label, variant.media_url, variant.weight, variant.reviewed])).toEqual([
      ['A', IMAGE_A, 50, true],
      ['B', IMAGE_B, 50, false],
    ]);
    const original = variants[0]!;
    expect(await statusOf(ad)).toBe('ACTIVE');

    // Until B is approved the screen shows only the original, as variant A, and its plays count for A.
    expect((await onScreen())?.map((variant) => [variant.label, variant.media_url, variant.weight])).toEqual([
      ['A', IMAGE_A, 50],
    ]);
    playClock = Math.max(playClock, Date.now() - 60_000);
    const stored = await postPlays(plays(ad, original.id, 3));
    expect(stored.json().data.stored).toHaveLength(3);
    const counted = (await analytics(ad, companyAdminA, today(), today())).json().data.variants;
    expect(
      counted.map((row: { label: string; plays: number; is_control: boolean }) => [
        row.label,
        row.plays,
        row.is_control,
      ]),
    ).toEqual([
      ['A', 3, true],
      ['B', 0, false],
    ]);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ad}/revision/approve`,
      headers: bearer(admin),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const served = (await onScreen())!;
    expect(served.map((variant) => [variant.label, variant.media_url, variant.weight])).toEqual([
      ['A', IMAGE_A, 50],
      ['B', IMAGE_B, 50],
    ]);
    // The player's rotation over what the screen was handed: A and B take turns, half each.
    let state: RotationState | undefined;
    const turns = Array.from({ length: 6 }, () => {
      const next = nextVariant(served, state);
      state = next.state;
      return next.variant?.label;
    });
    expect(turns).toEqual(['A', 'B', 'A', 'B', 'A', 'B']);

    // A reviewer's first variant shows at once beside the original; a label after A is kept.
    const other = (await createAd(t.db, companyA, { mediaUrl: IMAGE_B, durationSeconds: 5 })).id;
    expect(await created(other, admin, { label: 'Summer', type: 'VIDEO', media_url: VIDEO_C })).toMatchObject({
      label: 'Summer',
      reviewed: true,
      sent_to_review: false,
    });
    const both = (await list(other, admin)).json().data as Array<VariantBody & { media_url: string }>;
    expect(both.map((variant) => [variant.label, variant.media_url, variant.reviewed])).toEqual([
      ['A', IMAGE_B, true],
      ['Summer', VIDEO_C, true],
    ]);
  });

  it('counts a scan once per client and window, names the screen, and redirects', async () => {
    const [, b] = (await list(adA, admin)).json().data as VariantBody[];
    const code = b!.link!.code;
    const first = await scan(code, 'Phone/1', `?s=${screen.screenCode.toLowerCase()}`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.com/other');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await scan(code, 'Phone/1')).statusCode).toBe(302);
    expect((await scan(code, 'Phone/2', '?s=NO-SUCH-SCREEN')).statusCode).toBe(302);
    const rows = await t.db.select().from(linkScans).where(eq(linkScans.variantId, b!.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.screenId).sort()).toEqual([screen.id, null].sort());
    expect(rows.every((row) => row.adId === adA)).toBe(true);

    // A client varying its User-Agent from one network counts as at most 20 phones an hour.
    for (let n = 0; n < 30; n += 1) expect((await scan(code, `Forged/${n}`, '', '203.0.113.7')).statusCode).toBe(302);
    const forged = await t.db.select().from(linkScans).where(eq(linkScans.variantId, b!.id));
    expect(forged).toHaveLength(2 + 20);
    expect((await scan(code, 'Forged/0', '', '203.0.113.8')).statusCode).toBe(302);
    expect(await t.db.select().from(linkScans).where(eq(linkScans.variantId, b!.id))).toHaveLength(23);

    expect((await scan('x'.repeat(300), 'Phone/1')).statusCode).toBe(404);
    for (const mangled of ['/r/', `/r/${code}/extra`, '/r/a/b/c']) {
      const response = await t.app.inject({ method: 'GET', url: mangled });
      expect(response.statusCode, mangled).toBe(404);
      expect(response.body).toContain('This link is not available');
    }
    for (const unknown of ['ZZZZZZZZ', 'short', '../../etc', 'x'.repeat(90), 'a b c d e']) {
      const response = await scan(encodeURIComponent(unknown), 'Phone/1');
      expect(response.statusCode, unknown).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This link is not available');
    }
    const [a] = (await list(adA, admin)).json().data as VariantBody[];
    expect((await remove(adA, b!.id, admin)).statusCode).toBe(409);
    expect((await remove(adA, b!.id, admin)).json().message).toContain('set its weight to 0');
    expect(a!.link).toBeNull();
  });

  it("counts a scan on the calendar of the screen's outlet, as its plays count (decision 092)", async () => {
    const ad = (await createAd(t.db, companyA, { title: 'Night owl', mediaUrl: IMAGE_A })).id;
    await created(ad, admin, { label: 'B', type: 'IMAGE', media_url: IMAGE_B, link_url: 'https://example.com/owl' });
    const [control] = (await list(ad, admin)).json().data as VariantBody[];
    const newYork = await createScreen(t.db, (await createOutlet(t.db, { timezone: 'America/New_York' })).id);
    const scanAt = (at: string, screenId: string | null = null) =>
      t.db.insert(linkScans).values({ variantId: control!.id, adId: ad, screenId, scannedAt: new Date(at) });
    // 20:00 UTC on the 10th is past midnight in India, the network's default zone: the 11th.
    await scanAt('2026-01-10T20:00:00Z');
    await scanAt('2026-01-10T20:05:00Z');
    // 03:00 UTC on the 11th is still the evening of the 10th in New York.
    await scanAt('2026-01-11T03:00:00Z', newYork.id);
    await scanAt('2026-01-11T12:00:00Z');
    const scansOn = async (day: string) =>
      ((await analytics(ad, admin, day, day)).json().data.variants as Array<{ label: string; scans: number }>).find(
        (row) => row.label === control!.label,
      )?.scans;
    expect(await scansOn('2026-01-10')).toBe(1);
    expect(await scansOn('2026-01-11')).toBe(3);
  });

  it('rolls plays up per variant and compares scan rates with a significance verdict', async () => {
    const ad = (
      await createAd(t.db, companyA, {
        title: 'Iced tea',
        mediaUrl: IMAGE_A,
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
    ).id;
    const control = await created(ad, admin, {
      label: 'A',
      type: 'IMAGE',
      media_url: IMAGE_A,
      link_url: 'https://a.example',
    });
    const challenger = await created(ad, admin, {
      label: 'B',
      type: 'IMAGE',
      media_url: IMAGE_B,
      link_url: 'https://b.example',
    });
    expect((await analytics(ad, admin)).json().data.variants).toMatchObject([
      { label: 'A', plays: 0, scans: 0, verdict: 'control', scan_rate: null },
      { label: 'B', plays: 0, scans: 0, verdict: 'needs_more_plays' },
    ]);
    const gone = await created(ad, admin, { label: 'Gone', type: 'IMAGE', media_url: IMAGE_B });
    // The screen got the variants a day ago and has played them since: 602 plays of 5 s, within
    // one day of the outlet's (yesterday's last hour when the test runs just after its midnight).
    await fetchScreenAds(t.app, screenToken);
    await t.db.execute(
      sql`update screen_served_lists set served_at = served_at - interval '1 day' where screen_id = ${screen.id}`,
    );
    const dayStart = zonedInstant(today(), '00:00:00', DEFAULT_OUTLET_ZONE).getTime();
    const lastPlay = Date.now() - 3_600_000 > dayStart ? Date.now() - 60_000 : dayStart - 60_000;
    playClock = lastPlay - 603 * 5_500;
    const playDay = outletWallClock(lastPlay, DEFAULT_OUTLET_ZONE).date;
    const posted = await postPlays(plays(ad, control.id, 300));
    expect(posted.json().data.stored).toHaveLength(300);
    expect((await postPlays(plays(ad, challenger.id, 300))).json().data.stored).toHaveLength(300);
    const crossed = plays(adA, challenger.id, 1);
    const refused = await postPlays(crossed);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.refused).toEqual([
      { id: crossed[0]!.id, reason: 'variant_id is not a variant of the ad' },
    ]);
    // A variant deleted while a screen was offline: its queued plays are kept, without it.
    expect((await remove(ad, gone.id, admin)).statusCode).toBe(204);
    const late = plays(ad, gone.id, 2);
    const kept = await postPlays(late);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.stored).toEqual(late.map((play) => play.id).sort());
    // Distinct phones on distinct networks: one network counts at most 20 phones an hour (decision 049).
    for (let n = 0; n < 10; n += 1) await scan(control.link!.code, `Scanner/${n}`, '', `10.0.1.${n}`);
    for (let n = 0; n < 40; n += 1) await scan(challenger.link!.code, `Scanner/${n}`, '', `10.0.2.${n}`);

    const response = await analytics(ad, companyAdminA, playDay);
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body).toMatchObject({ ad: { id: ad, title: 'Iced tea' }, min_plays: 100 });
    const [a, b] = body.variants;
    expect(a).toMatchObject({ label: 'A', is_control: true, plays: 300, scans: 10, verdict: 'control', lift: null });
    expect(a.scan_rate).toBeCloseTo(10 / 300, 10);
    expect(b).toMatchObject({ label: 'B', plays: 300, scans: 40, significant: true, verdict: 'significant' });
    expect(b.lift).toBeCloseTo(3, 10);
    expect(b.p_value).toBeLessThan(0.001);

    const dayBefore = new Date(Date.parse(playDay) - 86_400_000).toISOString().slice(0, 10);
    expect((await analytics(ad, admin, dayBefore, dayBefore)).json().data.variants[1]).toMatchObject({
      plays: 0,
      scans: 0,
    });
    const variantAds = async (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/analytics/variant-ads', headers: bearer(token) });
    const mine = (await variantAds(companyAdminA)).json().data as Array<{ id: string; variants: number }>;
    expect(mine).toContainEqual({ id: ad, title: 'Iced tea', variants: 2 });
    expect(mine.map((row) => row.id)).not.toContain(adB);
    expect(((await variantAds(admin)).json().data as Array<{ id: string }>).map((row) => row.id)).toContain(adB);
    expect((await variantAds(companyAdminB)).json().data.map((row: { id: string }) => row.id)).not.toContain(ad);
    expect((await variantAds(outletAdmin)).statusCode).toBe(403);
    expect((await analytics(ad, companyAdminB)).statusCode).toBe(404);
    expect((await analytics(ad, outletAdmin)).statusCode).toBe(403);
    expect((await analytics(randomUUID(), admin)).statusCode).toBe(404);
    expect((await analytics(ad, admin, today(), '2000-01-01')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/analytics/variants', headers: bearer(admin) });
    expect(missing.statusCode).toBe(400);
    expect((await remove(ad, control.id, admin)).json().message).toContain('plays and scans');
  });
});
