import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pincodes } from '../src/db/schema.ts';
import type { BusEvent } from '../src/lib/event-bus.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('outlets API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletAdmin: string;
  let ownOutletId: string;
  let foreignOutletId: string;

  beforeAll(async () => {
    await t.db.insert(pincodes).values([
      { code: '560038', city: 'Bengaluru', state: 'Karnataka' },
      { code: '400001', city: 'Mumbai', state: 'Maharashtra' },
    ]);
    admin = await signInAs(t);
    ownOutletId = (await createOutlet(t.db, { name: 'Indiranagar Cafe', outletCode: 'CAFE-IND', tags: ['cafe'] })).id;
    foreignOutletId = (await createOutlet(t.db, { name: 'Fort Gym', outletCode: 'GYM-FORT', tags: ['gym'] })).id;
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [ownOutletId] });
  });

  const call = staffRequests(t);

  it('creates an outlet: code upper-cased, city taken from a known pincode', async () => {
    const response = await call('POST', '/api/outlets', admin, {
      name: 'Colaba Salon',
      outlet_code: 'salon-col-1',
      address: '12 Causeway',
      pincode: '400001',
      tags: ['Salon', 'mumbai'],
      commission_bps: 1500,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      outlet_code: 'SALON-COL-1',
      city: 'Mumbai',
      pincode: '400001',
      tags: ['salon', 'mumbai'],
      commission_bps: 1500,
      tier: 'STANDARD',
      timezone: 'Asia/Kolkata',
      screens_count: 0,
    });
  });

  it('saves a new outlet left without a commission at the usual 15 %, an explicit 0 at 0, and keeps it through edits (decision 091)', async () => {
    const usual = await call('POST', '/api/outlets', admin, { name: 'Usual Terms', outlet_code: 'USUAL-1' });
    expect(usual.statusCode).toBe(201);
    expect(usual.json().data.commission_bps).toBe(1500);
    const none = await call('POST', '/api/outlets', admin, {
      name: 'No Terms',
      outlet_code: 'NONE-1',
      commission_bps: 0,
    });
    expect(none.json().data.commission_bps).toBe(0);
    const renamed = await call('PATCH', `/api/outlets/${none.json().data.id}`, admin, { name: 'Still No Terms' });
    expect(renamed.json().data.commission_bps).toBe(0);
    for (const id of [usual.json().data.id, none.json().data.id]) {
      expect((await call('DELETE', `/api/outlets/${id}`, admin)).statusCode).toBe(204);
    }
  });

  it('takes a pricing tier from a global admin, filters and sorts by it (decision 033)', async () => {
    const created = await call('POST', '/api/outlets', admin, {
      name: 'Mall Atrium',
      outlet_code: 'MALL-1',
      tier: 'FLAGSHIP',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.tier).toBe('FLAGSHIP');
    const id = created.json().data.id;
    const changed = await call('PATCH', `/api/outlets/${id}`, admin, { tier: 'PREMIUM' });
    expect(changed.json().data.tier).toBe('PREMIUM');
    const filtered = await call('GET', '/api/outlets?tier=PREMIUM', admin);
    expect(filtered.json().data.map((o: { id: string }) => o.id)).toEqual([id]);
    await call('PATCH', `/api/outlets/${ownOutletId}`, admin, { tier: 'FLAGSHIP' });
    const sorted = await call('GET', '/api/outlets?sort=-tier', admin);
    expect(sorted.json().data.map((o: { tier: string }) => o.tier)).toEqual([
      'FLAGSHIP',
      'PREMIUM',
      'STANDARD',
      'STANDARD',
    ]);
    await call('PATCH', `/api/outlets/${ownOutletId}`, admin, { tier: 'STANDARD' });
    for (const tier of ['GOLD', '', 'premium', 3]) {
      const refused = await call('POST', '/api/outlets', admin, { name: 'A', outlet_code: 'ABC', tier });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('tier');
    }
    expect((await call('GET', '/api/outlets?tier=GOLD', admin)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/outlets/${id}`, admin)).statusCode).toBe(204);
  });

  it('refuses a duplicate outlet code with 409 and an unknown pincode without its city and state with 400', async () => {
    const duplicate = await call('POST', '/api/outlets', admin, { name: 'Copy', outlet_code: 'cafe-ind' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('CAFE-IND');
    const unknown = await call('POST', '/api/outlets', admin, {
      name: 'Nowhere',
      outlet_code: 'NOWHERE',
      pincode: '999999',
    });
    expect(unknown.statusCode).toBe(400);
    // Decision 047: an unknown pincode is added with the outlet, given its city and state.
    expect(unknown.json().details.map((d: { path: string }) => d.path)).toEqual(['city', 'state']);
  });

  it.each([
    [{ outlet_code: 'X1' }, 'body.name'],
    [{ name: 'A', outlet_code: 'no spaces' }, 'body.outlet_code'],
    [{ name: 'A', outlet_code: 'ABC', pincode: '12' }, 'body.pincode'],
    [{ name: 'A', outlet_code: 'ABC', commission_bps: 10001 }, 'body.commission_bps'],
    [{ name: 'A', outlet_code: 'ABC', commission_bps: 12.5 }, 'body.commission_bps'],
    [{ name: 'A', outlet_code: 'ABC', timezone: 'Mars/Olympus' }, 'body.timezone'],
    [{ name: 'A', outlet_code: 'ABC', tags: ['no spaces please'] }, 'body.tags.0'],
  ])('refuses %o with 400 naming %s', async (payload, path) => {
    const response = await call('POST', '/api/outlets', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('lists with paging, search, tag and pincode filters, and sort', async () => {
    const all = await call('GET', '/api/outlets?sort=outlet_code&pageSize=2', admin);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(all.json().data.map((o: { outlet_code: string }) => o.outlet_code)).toEqual(['CAFE-IND', 'GYM-FORT']);
    const search = await call('GET', '/api/outlets?q=fort', admin);
    expect(search.json().data.map((o: { id: string }) => o.id)).toEqual([foreignOutletId]);
    const tagged = await call('GET', '/api/outlets?tag=cafe', admin);
    expect(tagged.json().data.map((o: { id: string }) => o.id)).toEqual([ownOutletId]);
    const byPincode = await call('GET', '/api/outlets?pincode=400001', admin);
    expect(byPincode.json().data.map((o: { name: string }) => o.name)).toEqual(['Colaba Salon']);
  });

  it('an outlet admin sees and edits their own outlet only, not its commercial terms', async () => {
    const list = await call('GET', '/api/outlets', outletAdmin);
    expect(list.json().data.map((o: { id: string }) => o.id)).toEqual([ownOutletId]);
    expect((await call('GET', `/api/outlets/${foreignOutletId}`, outletAdmin)).statusCode).toBe(404);
    const edit = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, {
      address: '100 Feet Road',
      pincode: '560038',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ address: '100 Feet Road', pincode: '560038' });
    for (const payload of [
      { commission_bps: 9000 },
      { outlet_code: 'MINE' },
      { is_active: false },
      { tier: 'FLAGSHIP' },
    ]) {
      const refused = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain(Object.keys(payload)[0]);
    }
    expect((await call('PATCH', `/api/outlets/${foreignOutletId}`, outletAdmin, { name: 'Mine' })).statusCode).toBe(
      404,
    );
  });

  it('company roles read every outlet for targeting but change none', async () => {
    const company = await createCompany(t.db);
    const companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    const listed = (await call('GET', '/api/outlets', companyAdmin)).json();
    expect(listed.meta.total).toBe(3);
    expect((await call('PATCH', `/api/outlets/${ownOutletId}`, companyAdmin, { name: 'X' })).statusCode).toBe(403);
    // They see where outlets are, not what each earns: no commission, nor an order by it.
    expect(listed.data.map((outlet: { commission_bps: number | null }) => outlet.commission_bps)).toEqual([
      null,
      null,
      null,
    ]);
    expect((await call('GET', `/api/outlets/${ownOutletId}`, companyAdmin)).json().data.commission_bps).toBeNull();
    expect((await call('GET', '/api/outlets?sort=commission_bps', companyAdmin)).statusCode).toBe(400);
    expect((await call('GET', `/api/outlets/${ownOutletId}`, admin)).json().data.commission_bps).toEqual(
      expect.any(Number),
    );
    expect((await call('GET', `/api/outlets/${ownOutletId}`, outletAdmin)).json().data.commission_bps).toEqual(
      expect.any(Number),
    );
  });

  it('deletes an empty outlet; one with screens or staff is a 409', async () => {
    const empty = await createOutlet(t.db);
    expect((await call('DELETE', `/api/outlets/${empty.id}`, admin)).statusCode).toBe(204);
    await createScreen(t.db, foreignOutletId);
    const busy = await call('DELETE', `/api/outlets/${foreignOutletId}`, admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain('1 screen');
    const staffed = await call('DELETE', `/api/outlets/${ownOutletId}`, admin);
    expect(staffed.statusCode).toBe(409);
    expect(staffed.json().message).toContain('1 staff member');
    expect((await call('DELETE', `/api/outlets/${randomUUID()}`, admin)).statusCode).toBe(404);
  });
  it("tells an outlet's screens when its tags, city, pincode or time zone change, so their ad lists follow at once", async () => {
    const outlet = await createOutlet(t.db, { name: 'Retag Bar', outletCode: 'BAR-RETAG', tags: ['bar'] });
    const screen = await createScreen(t.db, outlet.id);
    const other = await createScreen(t.db, outlet.id);
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Gym only', targetTags: ['gym'] });
    const session = await connectScreen(t.app, { screenCode: screen.screenCode, passcode: '123456' });
    const list = async () =>
      (await t.app.inject({ url: '/api/screen-auth/ads', headers: bearer(session.access_token) }))
        .json()
        .data.map((row: { id: string }) => row.id);
    expect(await list()).not.toContain(ad.id);

    const events: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    try {
      expect((await call('PATCH', `/api/outlets/${outlet.id}`, admin, { name: 'Retag Bar & Gym' })).statusCode).toBe(
        200,
      );
      expect(events).toEqual([]);
      expect((await call('PATCH', `/api/outlets/${outlet.id}`, admin, { tags: ['bar', 'gym'] })).statusCode).toBe(200);
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'screen.changed', screenId: screen.id, reason: 'updated' },
          { type: 'screen.changed', screenId: other.id, reason: 'updated' },
        ]),
      );
      expect(events).toHaveLength(2);
      // Within the list cache's TTL, the screen already gets the ad its outlet now matches.
      expect(await list()).toContain(ad.id);
      events.length = 0;
      expect((await call('PATCH', `/api/outlets/${outlet.id}`, admin, { tags: ['gym', 'bar'] })).statusCode).toBe(200);
      expect(events).toEqual([]);
      expect((await call('PATCH', `/api/outlets/${outlet.id}`, admin, { city: 'Pune' })).statusCode).toBe(200);
      expect(events).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it("deactivating an outlet ends its screens' sessions at once and keeps them out until it is reactivated", async () => {
    const outlet = await createOutlet(t.db, { name: 'Closing Cafe', outletCode: 'CAFE-CLOSE' });
    const screen = await createScreen(t.db, outlet.id);
    const bystander = await createScreen(t.db, ownOutletId);
    const session = await connectScreen(t.app, screen);
    const other = await connectScreen(t.app, bystander);
    const verify = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/screen-auth/verify', headers: bearer(token) });
    expect((await verify(session.access_token)).statusCode).toBe(200);

    const events: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => events.push(event));
    const off = await call('PATCH', `/api/outlets/${outlet.id}`, admin, { is_active: false });
    stop();
    expect(off.statusCode).toBe(200);
    expect(events).toEqual([{ type: 'screen.changed', screenId: screen.id, reason: 'disabled' }]);
    expect((await verify(session.access_token)).statusCode).toBe(401);
    expect((await verify(other.access_token)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/authenticate',
      payload: { screen_code: screen.screenCode, pass_code: screen.passcode },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This screen's outlet has been deactivated");

    expect((await call('PATCH', `/api/outlets/${outlet.id}`, admin, { is_active: true })).statusCode).toBe(200);
    // The old session stays ended; the screen signs in again with its passcode.
    expect((await verify(session.access_token)).statusCode).toBe(401);
    expect((await connectScreen(t.app, screen)).screen_id).toBe(screen.id);
  });
});
