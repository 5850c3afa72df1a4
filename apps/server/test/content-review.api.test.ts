import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads, adVariants } from '../src/db/schema.ts';
import { adsChangedFor, listenLocally, readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany } from './helpers/factories.ts';
import { bearer, connectedScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const IMAGE_A = `/media/${'a'.repeat(64)}.png`;
const IMAGE_B = `/media/${'b'.repeat(64)}.png`;

interface ScreenAdBody {
  id: string;
  title: string;
  media_url: string;
  variants?: Array<{ id: string; label: string; media_url: string; link: { code: string; url: string } | null }>;
}

describe.each(databaseKinds)('content review of live ads on %s', (kind) => {
  const t = useTestApp(kind);
  let origin: string;
  let admin: string;
  let companyId: string;
  let advertiser: string;
  let employee: string;
  let screenToken: string;

  beforeAll(async () => {
    origin = await listenLocally(t.app);
    admin = await signInAs(t);
    companyId = (await createCompany(t.db)).id;
    advertiser = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    employee = await signInAs(t, 'COMPANY_EMPLOYEE', { companyId });
    screenToken = (await connectedScreen(t)).token;
  });

  const patch = (id: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/ads/${id}`, headers: bearer(token), payload });
  const answer = (id: string, action: 'approve' | 'reject', token = admin, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ads/${id}/revision/${action}`,
      headers: bearer(token),
      ...(action === 'reject' ? { payload: { reason } } : {}),
    });
  const addVariant = (id: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/ads/${id}/variants`, headers: bearer(token), payload });
  const editVariant = (id: string, variantId: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/ads/${id}/variants/${variantId}`, headers: bearer(token), payload });
  const onScreen = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/screen-auth/ads', headers: bearer(screenToken) });
    expect(response.statusCode).toBe(200);
    return (response.json().data as ScreenAdBody[]).find((ad) => ad.id === id);
  };
  const scan = (code: string, userAgent: string) =>
    t.app.inject({ method: 'GET', url: `/r/${code}`, headers: { 'user-agent': userAgent } });
  const events = async () => {
    const stream = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(screenToken) });
    expect(stream.status).toBe(200);
    return readEvents(stream.body!);
  };

  it("keeps a live ad's reviewed title on screens while its advertiser's retitle waits; approval swaps it in and tells screens", async () => {
    const ad = await createAd(t.db, companyId, { title: 'Summer menu' });
    const edited = await patch(ad.id, advertiser, { title: 'Monsoon menu' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      status: 'ACTIVE',
      title: 'Summer menu',
      revision: { status: 'PENDING', changes: [{ field: 'title', from: 'Summer menu', to: 'Monsoon menu' }] },
    });
    expect((await onScreen(ad.id))?.title).toBe('Summer menu');

    expect((await answer(ad.id, 'approve', advertiser)).statusCode).toBe(403);
    const stream = await events();
    const approved = await answer(ad.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ title: 'Monsoon menu', status: 'ACTIVE', version: 2, revision: null });
    await stream.until(adsChangedFor(ad.id));
    await stream.cancel();
    expect((await onScreen(ad.id))?.title).toBe('Monsoon menu');
    const again = await answer(ad.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('no edit waiting for review');
  });

  it('a rejected edit leaves the reviewed title and media playing and tells the advertiser why', async () => {
    const ad = await createAd(t.db, companyId, { title: 'Cold brew', mediaUrl: IMAGE_A });
    await patch(ad.id, employee, { title: 'Cold brew, now 50% off' });
    await patch(ad.id, advertiser, { media_url: IMAGE_B });
    expect((await onScreen(ad.id))?.media_url).toBe(IMAGE_A);
    expect((await answer(ad.id, 'reject', admin, '')).statusCode).toBe(400);
    const rejected = await answer(ad.id, 'reject', admin, 'The discount is not on the price list');
    expect(rejected.statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `/api/ads/${ad.id}`, headers: bearer(advertiser) });
    expect(seen.json().data).toMatchObject({
      status: 'ACTIVE',
      title: 'Cold brew',
      media_url: IMAGE_A,
      revision: { status: 'REJECTED', rejection_reason: 'The discount is not on the price list' },
    });
    expect(await onScreen(ad.id)).toMatchObject({ title: 'Cold brew', media_url: IMAGE_A });
    expect((await answer(ad.id, 'reject', admin, 'again')).statusCode).toBe(409);

    // A global admin's own edit is the reviewer's: it plays at once.
    const byAdmin = await patch(ad.id, admin, { media_url: IMAGE_B });
    expect(byAdmin.json().data).toMatchObject({ media_url: IMAGE_B, status: 'ACTIVE' });
    expect((await onScreen(ad.id))?.media_url).toBe(IMAGE_B);
  });

  it("holds a live ad's variant media and link changes and a new variant for review; the ad plays throughout", async () => {
    const ad = await createAd(t.db, companyId, { title: 'Iced tea', mediaUrl: IMAGE_A });
    const variant = await addVariant(ad.id, admin, {
      label: 'A',
      type: 'IMAGE',
      media_url: IMAGE_A,
      link_url: 'https://shop.example/a',
    });
    const { id: variantId, link } = variant.json().data as { id: string; link: { code: string } };
    const changed = await editVariant(ad.id, variantId, advertiser, {
      media_url: IMAGE_B,
      link_url: 'https://elsewhere.example/phish',
    });
    expect(changed.json().data).toMatchObject({ sent_to_review: true, media_url: IMAGE_A });
    const fresh = await addVariant(ad.id, advertiser, { label: 'B', type: 'IMAGE', media_url: IMAGE_B });
    expect(fresh.json().data).toMatchObject({ sent_to_review: true, reviewed: false });

    const waiting = await onScreen(ad.id);
    expect(waiting?.variants?.map((shown) => [shown.label, shown.media_url])).toEqual([['A', IMAGE_A]]);
    expect((await scan(link.code, 'Phone/1')).headers.location).toBe('https://shop.example/a');
    const pending = await t.app.inject({ method: 'GET', url: `/api/ads/${ad.id}`, headers: bearer(admin) });
    expect(pending.json().data.revision).toMatchObject({ status: 'PENDING', changes: [], variants: 2 });

    const stream = await events();
    expect((await answer(ad.id, 'approve')).statusCode).toBe(200);
    await stream.until(adsChangedFor(ad.id));
    await stream.cancel();
    const approved = await onScreen(ad.id);
    expect(approved?.variants?.map((shown) => [shown.label, shown.media_url])).toEqual([
      ['A', IMAGE_B],
      ['B', IMAGE_B],
    ]);
    expect(approved?.variants?.[0]?.link).toEqual({ code: link.code, url: 'https://elsewhere.example/phish' });
    expect((await scan(link.code, 'Phone/2')).headers.location).toBe('https://elsewhere.example/phish');

    // Rejected: the variant keeps its reviewed media and link.
    await editVariant(ad.id, variantId, advertiser, { link_url: 'https://third.example/' });
    await answer(ad.id, 'reject', admin, 'Link leads off the advertised shop');
    expect((await onScreen(ad.id))?.variants?.[0]?.link?.url).toBe('https://elsewhere.example/phish');
    const [row] = await t.db.select().from(adVariants).where(eq(adVariants.id, variantId));
    expect(row?.pending).toBeNull();
  });

  it('redirects only reviewed links of live ads; every other code is the HTML 404 page', async () => {
    const withLink = async (status: 'DRAFT' | 'REJECTED' | 'ACTIVE', token: string) => {
      const ad = await createAd(t.db, companyId, { status });
      const response = await addVariant(ad.id, token, {
        label: 'Q',
        type: 'IMAGE',
        media_url: IMAGE_B,
        link_url: 'https://example.com/offer',
      });
      expect(response.statusCode).toBe(201);
      return { ad, code: (response.json().data as { link: { code: string } }).link.code };
    };
    const draft = await withLink('DRAFT', advertiser);
    const rejected = await withLink('REJECTED', advertiser);
    const unreviewed = await withLink('ACTIVE', advertiser);
    const reviewed = await withLink('ACTIVE', admin);
    for (const { code } of [draft, rejected, unreviewed]) {
      const response = await scan(code, 'Phone/404');
      expect(response.statusCode, code).toBe(404);
      expect(response.body).toContain('This link is not available');
    }
    expect((await scan(reviewed.code, 'Phone/ok')).statusCode).toBe(302);
    await t.db.update(ads).set({ status: 'PAUSED' }).where(eq(ads.id, reviewed.ad.id));
    expect((await scan(reviewed.code, 'Phone/paused')).statusCode).toBe(404);
  });

  it('stores a non-ASCII link percent-encoded and never answers 500 for one stored raw', async () => {
    const ad = await createAd(t.db, companyId);
    const created = await addVariant(ad.id, admin, {
      label: 'Café',
      type: 'IMAGE',
      media_url: IMAGE_A,
      link_url: 'https://example.com/café?q=tüte#länge',
    });
    expect(created.statusCode).toBe(201);
    const { id, link } = created.json().data as { id: string; link: { code: string; url: string } };
    expect(link.url).toBe('https://example.com/caf%C3%A9?q=t%C3%BCte#l%C3%A4nge');
    expect((await scan(link.code, 'Phone/é')).headers.location).toBe(link.url);
    const badHost = await addVariant(ad.id, admin, {
      label: 'Host',
      type: 'IMAGE',
      media_url: IMAGE_A,
      link_url: 'https://exämple.com/',
    });
    expect(badHost.statusCode).toBe(400);
    expect(JSON.stringify(badHost.json())).toContain('link_url');

    // Stored before links were encoded: sent encoded, or the 404 page, never a 500.
    await t.db.update(adVariants).set({ linkUrl: 'https://example.com/ünïcode' }).where(eq(adVariants.id, id));
    const raw = await scan(link.code, 'Phone/raw');
    expect(raw.statusCode).toBe(302);
    expect(raw.headers.location).toBe('https://example.com/%C3%BCn%C3%AFcode');
    await t.db.update(adVariants).set({ linkUrl: 'https://exa mple.com/ünïcode' }).where(eq(adVariants.id, id));
    expect((await scan(link.code, 'Phone/broken')).statusCode).toBe(404);
  });
});
