import { beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('ad review workflow on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyId: string;
  let companyAdmin: string;
  let employee: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    companyId = (await createCompany(t.db)).id;
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    employee = await signInAs(t, 'COMPANY_EMPLOYEE', { companyId });
  });

  const step = (id: string, action: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/ads/${id}/${action}`, headers: bearer(token), payload });
  const draft = async () => (await createAd(t.db, companyId, { status: 'DRAFT' })).id;

  it('draft → submitted by an employee → approved by a global admin → plays on screens', async () => {
    const id = await draft();
    const screen = await createScreen(t.db, (await createOutlet(t.db)).id);
    const session = await connectScreen(t.app, { screenCode: screen.screenCode, passcode: screen.passcode });
    const playing = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/screen-auth/ads',
        headers: bearer(session.access_token),
      });
      return list.json().data.map((ad: { id: string }) => ad.id) as string[];
    };

    const submitted = await step(id, 'submit', employee);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.status).toBe('PENDING_REVIEW');
    expect(await playing()).not.toContain(id);
    expect((await step(id, 'approve', companyAdmin)).statusCode).toBe(403);

    const events: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    const approved = await step(id, 'approve', admin);
    stop();
    expect(approved.json().data).toMatchObject({ status: 'ACTIVE', version: 1 });
    expect(events).toEqual([{ type: 'ads.changed', adIds: [id] }]);
    expect(await playing()).toContain(id);
  });

  it('rejects with a reason; the advertiser fixes and resubmits', async () => {
    const id = await draft();
    await step(id, 'submit', companyAdmin);
    const noReason = await step(id, 'reject', admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe('body.reason');
    const rejected = await step(id, 'reject', admin, { reason: 'Logo is blurred' });
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Logo is blurred' });
    const again = await step(id, 'submit', companyAdmin);
    expect(again.json().data).toMatchObject({ status: 'PENDING_REVIEW', rejection_reason: null });
  });

  it('an impossible step is a 409 naming from and to', async () => {
    const id = await draft();
    const response = await step(id, 'approve', admin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Cannot approve an ad that is DRAFT: approve moves PENDING_REVIEW or PAUSED to ACTIVE',
    );
    expect((await step(id, 'pause', companyAdmin)).statusCode).toBe(409);
  });

  it('a company admin pauses and resumes their own ad; a pause by a global admin only a global admin lifts', async () => {
    const id = (await createAd(t.db, companyId, { status: 'ACTIVE' })).id;
    expect((await step(id, 'pause', employee)).statusCode).toBe(403);
    expect((await step(id, 'pause', companyAdmin)).json().data.status).toBe('PAUSED');
    expect((await step(id, 'resume', companyAdmin)).json().data.status).toBe('ACTIVE');

    expect((await step(id, 'pause', admin)).json().data.status).toBe('PAUSED');
    const lifted = await step(id, 'resume', companyAdmin);
    expect(lifted.statusCode).toBe(403);
    expect(lifted.json().message).toContain('global admin');
    expect((await step(id, 'resume', admin)).json().data.status).toBe('ACTIVE');
  });

  it("another company's ad is 404 at every step", async () => {
    const foreign = (await createAd(t.db, (await createCompany(t.db)).id, { status: 'DRAFT' })).id;
    expect((await step(foreign, 'submit', companyAdmin)).statusCode).toBe(404);
    expect((await step(foreign, 'pause', companyAdmin)).statusCode).toBe(404);
  });

  it("an advertiser's content change to a running ad waits for review while the reviewed version plays; a reviewer's applies at once", async () => {
    const id = (await createAd(t.db, companyId, { status: 'ACTIVE', title: 'Summer menu' })).id;
    const edit = (payload: object, token = companyAdmin) =>
      t.app.inject({ method: 'PATCH', url: `/api/ads/${id}`, headers: bearer(token), payload });
    const titled = await edit({ title: 'Monsoon menu' });
    expect(titled.json().data).toMatchObject({
      status: 'ACTIVE',
      title: 'Summer menu',
      version: 1,
      revision: { status: 'PENDING', changes: [{ field: 'title', from: 'Summer menu', to: 'Monsoon menu' }] },
    });
    const swapped = await edit({ media_url: 'https://cdn.example.com/new.jpg' });
    expect(swapped.json().data).toMatchObject({ status: 'ACTIVE', title: 'Summer menu', version: 1 });
    expect(swapped.json().data.revision.changes.map((change: { field: string }) => change.field)).toEqual([
      'title',
      'media_url',
    ]);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${id}/revision/approve`,
      headers: bearer(admin),
    });
    expect(approved.json().data).toMatchObject({
      status: 'ACTIVE',
      title: 'Monsoon menu',
      media_url: 'https://cdn.example.com/new.jpg',
      version: 2,
      revision: null,
    });
    const byAdmin = await edit({ duration_seconds: 8 }, admin);
    expect(byAdmin.json().data).toMatchObject({ status: 'ACTIVE', duration_seconds: 8, version: 3, revision: null });
    const video = await edit({ type: 'VIDEO', media_url: '/media/clip.webm' }, admin);
    expect(video.json().data.duration_seconds).toBeNull();
    const rejectByPatch = await edit({ status: 'REJECTED' }, admin);
    expect(rejectByPatch.statusCode).toBe(400);
    expect(rejectByPatch.json().details[0].path).toBe('status');
  });
});
