import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAd, createCompany } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('companies API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let ownCompanyId: string;
  let companyAdmin: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    ownCompanyId = (await createCompany(t.db, { name: 'Brewline Coffee' })).id;
    await createCompany(t.db, { name: 'Zest Juices', isActive: false });
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: ownCompanyId });
  });

  const call = staffRequests(t);

  it('creates a company (201) and answers it with counts', async () => {
    const response = await call('POST', '/api/ad-company', admin, {
      name: 'Peak Fitness',
      contact_email: 'ads@peak.example',
      contact_phone: '+91 98450 12345',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Peak Fitness',
      contact_email: 'ads@peak.example',
      is_active: true,
      ads_count: 0,
      users_count: 0,
    });
  });

  it('refuses a duplicate name, whatever its case, with 409', async () => {
    const response = await call('POST', '/api/ad-company', admin, { name: 'brewline coffee' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('already exists');
  });

  it.each([
    [{ name: '' }, 'body.name'],
    [{ name: 'X', contact_email: 'not-an-email' }, 'body.contact_email'],
    [{ name: 'X', contact_phone: 'call me' }, 'body.contact_phone'],
    [{ name: 'X', owner: 'me' }, 'body'],
  ])('refuses %o with 400 naming %s', async (payload, path) => {
    const response = await call('POST', '/api/ad-company', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('lists with paging meta, search, filter and sort', async () => {
    const page = await call('GET', '/api/ad-company?pageSize=2&sort=name', admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual(['Brewline Coffee', 'Peak Fitness']);
    const second = await call('GET', '/api/ad-company?pageSize=2&page=2&sort=name', admin);
    expect(second.json().data.map((c: { name: string }) => c.name)).toEqual(['Zest Juices']);
    const descending = await call('GET', '/api/ad-company?sort=-name&pageSize=1', admin);
    expect(descending.json().data[0].name).toBe('Zest Juices');
    const search = await call('GET', '/api/ad-company?q=PEAK', admin);
    expect(search.json().data.map((c: { name: string }) => c.name)).toEqual(['Peak Fitness']);
    const inactive = await call('GET', '/api/ad-company?is_active=false', admin);
    expect(inactive.json().data.map((c: { name: string }) => c.name)).toEqual(['Zest Juices']);
  });

  it('refuses an unknown sort field and an oversized page with 400', async () => {
    const sort = await call('GET', '/api/ad-company?sort=password', admin);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().details[0].path).toBe('sort');
    expect((await call('GET', '/api/ad-company?pageSize=101', admin)).statusCode).toBe(400);
  });

  it('a company admin reads and edits their own company only', async () => {
    const list = await call('GET', '/api/ad-company', companyAdmin);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([ownCompanyId]);
    expect(list.json().data[0].users_count).toBe(1);
    const edit = await call('PATCH', `/api/ad-company/${ownCompanyId}`, companyAdmin, {
      contact_phone: '080 4000 1234',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.contact_phone).toBe('080 4000 1234');
    const deactivate = await call('PATCH', `/api/ad-company/${ownCompanyId}`, companyAdmin, { is_active: false });
    expect(deactivate.statusCode).toBe(403);
  });

  it('renaming onto another name is a 409', async () => {
    const response = await call('PATCH', `/api/ad-company/${ownCompanyId}`, admin, { name: 'ZEST JUICES' });
    expect(response.statusCode).toBe(409);
  });

  it('deactivating a company takes its ads off the screens (ads.changed) and back on', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { status: 'ACTIVE' });
    const events: unknown[] = [];
    const unsubscribe = t.app.events.subscribe((event) => events.push(event));
    const off = await call('PATCH', `/api/ad-company/${company.id}`, admin, { is_active: false });
    unsubscribe();
    expect(off.json().data.is_active).toBe(false);
    expect(events).toEqual([{ type: 'ads.changed', adIds: [ad.id] }]);
  });

  it('deletes an empty company (204); one with ads or users is a 409 that says so', async () => {
    const empty = await createCompany(t.db);
    expect((await call('DELETE', `/api/ad-company/${empty.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/ad-company/${empty.id}`, admin)).statusCode).toBe(404);

    await createAd(t.db, ownCompanyId);
    const busy = await call('DELETE', `/api/ad-company/${ownCompanyId}`, admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/1 ad and 1 user; deactivate/);
  });

  it('unknown and malformed ids are 404 and 400', async () => {
    expect((await call('GET', `/api/ad-company/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/ad-company/${randomUUID()}`, admin, { name: 'Ghost' })).statusCode).toBe(404);
    expect((await call('GET', '/api/ad-company/nope', admin)).statusCode).toBe(400);
  });
});
