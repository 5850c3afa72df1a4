import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { createAd, createCompany, createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { bearer, connectScreen, loginAs, signedIn } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const IMAGE_A = `/media/${'a'.repeat(64)}.png`;
const IMAGE_B = `/media/${'b'.repeat(64)}.png`;

describe.each(databaseKinds)('ad version history on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: { id: string; token: string };
  let companyId: string;
  let companyAdmin: { id: string; token: string };

  beforeAll(async () => {
    const user = await createUser(t.db, { role: 'GLOBAL_ADMIN', name: 'Asha Admin' });
    admin = { id: user.id, token: await loginAs(t.app, user) };
    companyId = (await createCompany(t.db)).id;
    companyAdmin = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId });
  });

  const create = async (token: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ads', headers: bearer(token), payload });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: string; version: number };
  };
  const edit = (id: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/ads/${id}`, headers: bearer(token), payload });
  const history = (id: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/ads/${id}/versions`, headers: bearer(token) });
  const rollback = (id: string, version: number | string, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/ads/${id}/versions/${version}/rollback`, headers: bearer(token) });

  it('records a version on create and on every edit, each with what it changed', async () => {
    const ad = await create(admin.token, {
      company_id: companyId,
      title: 'Summer Sale',
      type: 'IMAGE',
      media_url: IMAGE_A,
      duration_seconds: 5,
    });
    expect((await edit(ad.id, admin.token, { title: 'Summer Sale — 20% off' })).statusCode).toBe(200);
    expect((await edit(ad.id, companyAdmin.token, { media_url: IMAGE_B, duration_seconds: 8 })).statusCode).toBe(200);

    const response = await history(ad.id, companyAdmin.token);
    expect(response.statusCode).toBe(200);
    const versions = response.json().data;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[0]).toMatchObject({
      kind: 'edited',
      note: 'Edited',
      is_current: true,
      title: 'Summer Sale — 20% off',
      media_url: IMAGE_B,
      duration_seconds: 8,
      changed_by: { id: companyAdmin.id },
      changes: [
        { field: 'media_url', from: IMAGE_A, to: IMAGE_B },
        { field: 'duration_seconds', from: 5, to: 8 },
      ],
    });
    expect(versions[1]).toMatchObject({
      kind: 'edited',
      is_current: false,
      changed_by: { id: admin.id, name: 'Asha Admin' },
      changes: [{ field: 'title', from: 'Summer Sale', to: 'Summer Sale — 20% off' }],
    });
    expect(versions[2]).toMatchObject({ kind: 'created', note: 'Created', title: 'Summer Sale', changes: [] });
  });

  it('rolls back as a new version that the screens are told about and play', async () => {
    const screen = await createScreen(t.db, (await createOutlet(t.db)).id);
    const session = await connectScreen(t.app, { screenCode: screen.screenCode, passcode: screen.passcode });
    const ad = await create(admin.token, {
      company_id: companyId,
      title: 'Cold Brew',
      type: 'IMAGE',
      media_url: IMAGE_A,
      status: 'ACTIVE',
    });
    await edit(ad.id, admin.token, { title: 'Cold Brew Deluxe' });
    await edit(ad.id, admin.token, { title: 'Cold Brew Mega' });

    const events: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    const response = await rollback(ad.id, 1, admin.token);
    stop();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ title: 'Cold Brew', version: 4, status: 'ACTIVE' });
    expect(events).toEqual([{ type: 'ads.changed', adIds: [ad.id] }]);

    const [latest] = (await history(ad.id, admin.token)).json().data;
    expect(latest).toMatchObject({
      version: 4,
      kind: 'rolled-back',
      rolled_back_to: 1,
      note: 'Rolled back to v1',
      is_current: true,
      changes: [{ field: 'title', from: 'Cold Brew Mega', to: 'Cold Brew' }],
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(list.json().data.find((played: { id: string }) => played.id === ad.id)).toMatchObject({
      title: 'Cold Brew',
      version: 4,
    });
  });

  it("follows the edit's review rule: an advertiser's rollback of a live ad waits for review, a reviewer's applies", async () => {
    const ad = await create(admin.token, {
      company_id: companyId,
      title: 'Gym Week',
      type: 'IMAGE',
      media_url: IMAGE_A,
      status: 'ACTIVE',
    });
    const approve = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/ads/${id}/revision/approve`, headers: bearer(admin.token) });
    await edit(ad.id, admin.token, { title: 'Gym Month' });
    const titleBack = await rollback(ad.id, 1, companyAdmin.token);
    expect(titleBack.json().data).toMatchObject({
      title: 'Gym Month',
      status: 'ACTIVE',
      version: 2,
      revision: { status: 'PENDING', changes: [{ field: 'title', from: 'Gym Month', to: 'Gym Week' }] },
    });
    expect((await approve(ad.id)).json().data).toMatchObject({ title: 'Gym Week', version: 3, revision: null });

    await edit(ad.id, admin.token, { media_url: IMAGE_B });
    const mediaBack = await rollback(ad.id, 3, companyAdmin.token);
    expect(mediaBack.json().data).toMatchObject({ media_url: IMAGE_B, status: 'ACTIVE', version: 4 });
    expect(mediaBack.json().data.revision.changes).toEqual([{ field: 'media_url', from: IMAGE_B, to: IMAGE_A }]);
    // A reviewer's own rollback to the same media applies at once, and the pending edit has nothing left.
    const adminBack = await rollback(ad.id, 3, admin.token);
    expect(adminBack.json().data).toMatchObject({ media_url: IMAGE_A, status: 'ACTIVE', version: 5, revision: null });
  });

  it('answers 409 when the rollback would change nothing', async () => {
    const ad = await create(admin.token, { company_id: companyId, title: 'Same', type: 'IMAGE', media_url: IMAGE_A });
    const current = await rollback(ad.id, 1, admin.token);
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ code: 'CONFLICT', message: 'Version 1 is already the current version' });

    await edit(ad.id, admin.token, { title: 'Other' });
    await edit(ad.id, admin.token, { title: 'Same' });
    const sameAsNow = await rollback(ad.id, 1, admin.token);
    expect(sameAsNow.statusCode).toBe(409);
    expect((await history(ad.id, admin.token)).json().data).toHaveLength(3);
  });

  it("answers 404 for an unknown version or an ad of another tenant, 403 to outlet staff on an advertiser's ad", async () => {
    const ad = await create(admin.token, { company_id: companyId, title: 'Mine', type: 'IMAGE', media_url: IMAGE_A });
    await edit(ad.id, admin.token, { title: 'Mine too' });
    expect((await rollback(ad.id, 9, admin.token)).statusCode).toBe(404);

    const otherCompany = (await createCompany(t.db)).id;
    const stranger = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId: otherCompany });
    expect((await history(ad.id, stranger.token)).statusCode).toBe(404);
    expect((await rollback(ad.id, 1, stranger.token)).statusCode).toBe(404);

    // Outlet staff read an advertiser's ad that plays on their screen and change none of it (decision 090).
    const outlet = await createOutlet(t.db);
    await createScreen(t.db, outlet.id);
    await edit(ad.id, admin.token, { status: 'ACTIVE' });
    const outletStaff = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outlet.id] });
    expect((await history(ad.id, outletStaff.token)).statusCode).toBe(200);
    expect((await rollback(ad.id, 1, outletStaff.token)).statusCode).toBe(403);
    expect((await history(ad.id, '')).statusCode).toBe(401);
  });

  it('answers 400 for a malformed version or id', async () => {
    const ad = await create(admin.token, { company_id: companyId, title: 'Valid', type: 'IMAGE', media_url: IMAGE_A });
    for (const version of ['abc', '0', '-1', '1.5']) {
      const response = await rollback(ad.id, version, admin.token);
      expect(response.statusCode, version).toBe(400);
      expect(response.json().details[0].path).toBe('params.version');
    }
    expect((await history('not-a-uuid', admin.token)).statusCode).toBe(400);
  });

  it('keeps the state of an ad saved before history began, so its first edit can be rolled back', async () => {
    const legacy = await createAd(t.db, companyId, { title: 'Old Poster', version: 3 });
    await edit(legacy.id, admin.token, { title: 'New Poster' });
    const versions = (await history(legacy.id, admin.token)).json().data;
    expect(versions).toMatchObject([
      { version: 4, changes: [{ field: 'title', from: 'Old Poster', to: 'New Poster' }] },
      { version: 3, kind: 'recorded', changed_by: null, changes: [] },
    ]);
    expect((await rollback(legacy.id, 3, admin.token)).json().data).toMatchObject({ title: 'Old Poster', version: 5 });
  });
});
