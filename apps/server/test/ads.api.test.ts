import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUsers } from '../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createPlay, createScreen, createUser } from './helpers/factories.ts';
import { bearer, loginAs, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('ads API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyAdmin: string;
  let ownAdId: string;
  let foreignAdId: string;

  beforeAll(async () => {
    const own = await createCompany(t.db, { name: 'Own Co' });
    const foreign = await createCompany(t.db, { name: 'Foreign Co' });
    ownAdId = (await createAd(t.db, own.id, { title: 'Own summer sale' })).id;
    foreignAdId = (await createAd(t.db, foreign.id, { title: 'Foreign launch' })).id;
    admin = await signInAs(t);
    const member = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    await t.db.insert(companyUsers).values({ companyId: own.id, userId: member.id });
    companyAdmin = await loginAs(t.app, member);
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('a global admin lists every ad with paging meta and search', async () => {
    const all = await get('/api/ads?pageSize=1', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 1, total: 2 });
    const found = await get('/api/ads?q=summer', admin);
    expect(found.json().data.map((ad: { id: string }) => ad.id)).toEqual([ownAdId]);
  });

  it("a company admin sees only their company's ads; another company's ad is 404", async () => {
    const list = await get('/api/ads', companyAdmin);
    expect(list.json().data.map((ad: { id: string }) => ad.id)).toEqual([ownAdId]);
    expect((await get(`/api/ads/${foreignAdId}`, companyAdmin)).statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${foreignAdId}`,
      headers: bearer(companyAdmin),
      payload: { title: 'Hijack' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it('only a global admin changes an ad status', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ownAdId}`,
      headers: bearer(companyAdmin),
      payload: { status: 'ACTIVE' },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{}, 'nothing to update'],
    [{ title: '' }, 'title'],
    [{ media_url: 'javascript:alert(1)' }, 'media_url'],
    [{ duration_seconds: 0 }, 'duration_seconds'],
    [{ status: 'LIVE' }, 'status'],
    [{ owner: 'me' }, 'owner'],
  ])('refuses %o naming %s', async (payload, named) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ownAdId}`,
      headers: bearer(admin),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(named);
  });

  it('a malformed id is 400 and an unknown one 404', async () => {
    expect((await get('/api/ads/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await get(`/api/ads/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it('outlet staff without outlets and unmapped users see nothing', async () => {
    const unmapped = await signInAs(t, 'UNMAPPED');
    expect((await get('/api/ads', unmapped)).statusCode).toBe(403);
    const outletAdmin = await signInAs(t, 'OUTLET_ADMIN');
    expect((await get('/api/ads', outletAdmin)).json().data).toEqual([]);
  });

  it('creates ads: a company admin for their company as a draft, a global admin straight to active', async () => {
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: bearer(companyAdmin),
      payload: { title: 'Diwali offer', type: 'IMAGE', media_url: 'https://cdn.example.com/diwali.jpg' },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data).toMatchObject({
      title: 'Diwali offer',
      status: 'DRAFT',
      version: 1,
      duration_seconds: null,
    });
    const publish = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: bearer(companyAdmin),
      payload: { title: 'Sneaky', type: 'IMAGE', media_url: '/media/x.png', status: 'ACTIVE' },
    });
    expect(publish.statusCode).toBe(403);
    const noCompany = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: bearer(admin),
      payload: { title: 'Orphan', type: 'VIDEO', media_url: '/media/x.webm' },
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json()).toMatchObject({
      message: 'Choose the company the ad is for',
      details: [{ path: 'company_id', message: 'Choose the company the ad is for' }],
    });
    const unknownCompany = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: bearer(admin),
      payload: { company_id: randomUUID(), title: 'Ghost', type: 'VIDEO', media_url: '/media/x.webm' },
    });
    expect(unknownCompany.statusCode).toBe(404);
  });

  it('refuses media screens cannot play, saying what to use instead; takes streams and hosted videos (decision 053)', async () => {
    const post = (media_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ads',
        headers: bearer(companyAdmin),
        payload: { title: 'Launch film', type: 'VIDEO', media_url },
      });
    const spotify = await post('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(spotify.statusCode).toBe(400);
    const problem = "Screens can't play Spotify links; upload the video file or use its HLS (.m3u8) address";
    expect(spotify.json()).toMatchObject({ details: [{ path: 'body.media_url', message: problem }] });
    const twitch = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ownAdId}`,
      headers: bearer(companyAdmin),
      payload: { media_url: 'https://www.twitch.tv/videos/123' },
    });
    expect(twitch.statusCode).toBe(400);
    expect(twitch.json().details[0].message).toContain("Screens can't play Twitch links");

    for (const playable of [
      'https://stream.mux.com/a1b2c3.m3u8',
      'https://cdn.example.com/spring/manifest.mpd',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://vimeo.com/76979871',
    ]) {
      const created = await post(playable);
      expect(created.statusCode, playable).toBe(201);
      expect(created.json().data.media_url).toBe(playable);
    }
  });

  it('filters by status, type and company, sorts by a whitelisted field, and pages', async () => {
    const company = await createCompany(t.db, { name: 'Filter Co' });
    await createAd(t.db, company.id, { title: 'B video', type: 'VIDEO', durationSeconds: null, status: 'PAUSED' });
    await createAd(t.db, company.id, { title: 'A image', status: 'PAUSED' });
    const titles = async (query: string) =>
      (await get(`/api/ads?${query}`, admin)).json().data.map((ad: { title: string }) => ad.title);
    expect(await titles(`company_id=${company.id}&sort=title`)).toEqual(['A image', 'B video']);
    expect(await titles(`company_id=${company.id}&sort=-title&pageSize=1&page=2`)).toEqual(['A image']);
    expect(await titles('status=PAUSED&type=VIDEO')).toEqual(['B video']);
    expect(await titles('q=filter co&sort=title')).toEqual(['A image', 'B video']);
    const bad = await get('/api/ads?sort=media_url', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('sort');
    expect((await get('/api/ads?type=AUDIO', admin)).statusCode).toBe(400);
  });

  it('deletes an ad that never played (204, screens told); one with plays is a 409 offering pause', async () => {
    const company = await createCompany(t.db);
    const fresh = await createAd(t.db, company.id, { status: 'ACTIVE' });
    const events: unknown[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/ads/${fresh.id}`, headers: bearer(admin) });
    stop();
    expect(gone.statusCode).toBe(204);
    expect(events).toEqual([{ type: 'ads.changed', adIds: [fresh.id] }]);

    const played = await createAd(t.db, company.id);
    await createPlay(t.db, played, await createScreen(t.db, (await createOutlet(t.db)).id));
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/ads/${played.id}`, headers: bearer(admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('pause it instead');
  });

  it('a company admin deletes their own ads only; an employee deletes none', async () => {
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/ads/${foreignAdId}`,
      headers: bearer(companyAdmin),
    });
    expect(mine.statusCode).toBe(404);
    const employee = await createUser(t.db, { role: 'COMPANY_EMPLOYEE' });
    const token = await loginAs(t.app, employee);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/ads/${ownAdId}`, headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
  });
});
