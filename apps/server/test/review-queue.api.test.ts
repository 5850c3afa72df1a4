import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads } from '../src/db/schema.ts';
import { createAd, createCompany } from './helpers/factories.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const IMAGE_B = `/media/${'b'.repeat(64)}.png`;

interface QueuedAd {
  id: string;
  title: string;
  status: string;
  revision: { status: string; changes: Array<{ field: string; to: unknown }>; variants: number } | null;
}

/** Decision 091: one review queue for new ads, edits of live ads and their variants, and its count on the home page. */
describe.each(databaseKinds)('the review queue on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let advertiser: string;
  let otherAdvertiser: string;
  const ids = { draft: '', submitted: '', retitled: '', variant: '', untouched: '', foreign: '' };

  beforeAll(async () => {
    admin = await signInAs(t);
    const companyId = (await createCompany(t.db)).id;
    const otherCompanyId = (await createCompany(t.db)).id;
    advertiser = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    otherAdvertiser = await signInAs(t, 'COMPANY_ADMIN', { companyId: otherCompanyId });
    // Made in the order they are sent, so the queue's oldest-first order is theirs.
    ids.draft = (await createAd(t.db, companyId, { title: 'Draft', status: 'DRAFT' })).id;
    ids.submitted = (await createAd(t.db, companyId, { title: 'New ad', status: 'PENDING_REVIEW' })).id;
    ids.untouched = (await createAd(t.db, companyId, { title: 'Playing' })).id;
    ids.retitled = (await createAd(t.db, companyId, { title: 'Summer menu' })).id;
    ids.variant = (await createAd(t.db, companyId, { title: 'Iced tea' })).id;
    ids.foreign = (await createAd(t.db, otherCompanyId, { title: 'Elsewhere', status: 'PENDING_REVIEW' })).id;
    // The new ads were sent before the edits.
    await t.db
      .update(ads)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(ads.id, ids.submitted));
    await t.db
      .update(ads)
      .set({ updatedAt: new Date(Date.now() - 50_000) })
      .where(eq(ads.id, ids.foreign));

    const retitled = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ids.retitled}`,
      headers: bearer(advertiser),
      payload: { title: 'Monsoon menu' },
    });
    expect(retitled.statusCode).toBe(200);
    const variant = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ids.variant}/variants`,
      headers: bearer(advertiser),
      payload: { label: 'B', type: 'IMAGE', media_url: IMAGE_B },
    });
    expect(variant.statusCode).toBe(201);
  });

  const queue = async (token: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ads?awaiting_review=true${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: QueuedAd[]; meta: { total: number } };
  };
  const summary = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: bearer(token) })).json().data;

  it('holds new ads, an edit of a live ad and a new variant of one, oldest first; drafts and untouched ads are not in it', async () => {
    const { data, meta } = await queue(admin);
    expect(data.map((ad) => ad.id)).toEqual([ids.submitted, ids.foreign, ids.retitled, ids.variant]);
    expect(meta.total).toBe(4);
    const [, , retitled, variant] = data;
    expect(retitled).toMatchObject({
      status: 'ACTIVE',
      title: 'Summer menu',
      revision: { status: 'PENDING', changes: [{ field: 'title', to: 'Monsoon menu' }], variants: 0 },
    });
    expect(variant).toMatchObject({ status: 'ACTIVE', revision: { status: 'PENDING', changes: [], variants: 1 } });
    // Sorted and filtered like the rest of the list.
    expect((await queue(admin, '&sort=-waiting_since')).data.map((ad) => ad.id)).toEqual([
      ids.variant,
      ids.retitled,
      ids.foreign,
      ids.submitted,
    ]);
    expect((await queue(admin, '&status=ACTIVE')).data.map((ad) => ad.id)).toEqual([ids.retitled, ids.variant]);
  });

  it("gives an advertiser their own company's waiting ads only", async () => {
    expect((await queue(advertiser)).data.map((ad) => ad.id)).toEqual([ids.submitted, ids.retitled, ids.variant]);
    expect((await queue(otherAdvertiser)).data.map((ad) => ad.id)).toEqual([ids.foreign]);
  });

  it('counts every kind on the home page, with what kind each is', async () => {
    const home = await summary(admin);
    expect(home.counts.ads_pending_review).toBe(4);
    expect(home.pending_ads).toEqual([
      expect.objectContaining({
        id: ids.submitted,
        title: 'New ad',
        kind: 'NEW_AD',
        waiting_since: expect.any(String),
      }),
      expect.objectContaining({ id: ids.foreign, kind: 'NEW_AD' }),
      expect.objectContaining({ id: ids.retitled, title: 'Summer menu', kind: 'EDIT' }),
      expect.objectContaining({ id: ids.variant, kind: 'EDIT' }),
    ]);
    expect((await summary(advertiser)).counts.ads_pending_review).toBe(3);
  });

  it('refuses a queue filter it does not know, and lets an answered edit leave the queue', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/ads?awaiting_review=yes',
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(400);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${ids.retitled}/revision/approve`,
      headers: bearer(admin),
    });
    expect(approved.statusCode).toBe(200);
    expect((await queue(admin)).data.map((ad) => ad.id)).not.toContain(ids.retitled);
    expect((await summary(admin)).counts.ads_pending_review).toBe(3);
  });
});
