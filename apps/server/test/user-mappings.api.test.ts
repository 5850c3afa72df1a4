import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createOutlet, createUser } from './helpers/factories.ts';
import { signedIn, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('user mapping API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyId: string;
  let outletA: string;
  let outletB: string;
  let outletAdmin: { id: string; token: string };

  beforeAll(async () => {
    admin = await signInAs(t);
    companyId = (await createCompany(t.db, { name: 'Brewline' })).id;
    outletA = (await createOutlet(t.db, { name: 'A Cafe' })).id;
    outletB = (await createOutlet(t.db, { name: 'B Gym' })).id;
    outletAdmin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletA, outletB] });
  });

  const call = staffRequests(t);

  it('puts an outlet user on another outlet, lists it, refuses a repeat, and keeps their last outlet', async () => {
    const staff = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletA] });
    const added = await call('POST', '/api/outlet-user-mapping', outletAdmin.token, {
      outlet_id: outletB,
      user_id: staff.id,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ outlet: { id: outletB, name: 'B Gym' }, user: { id: staff.id } });
    const again = await call('POST', '/api/outlet-user-mapping', outletAdmin.token, {
      outlet_id: outletB,
      user_id: staff.id,
    });
    expect(again.statusCode).toBe(409);

    const list = await call('GET', `/api/outlet-user-mapping?user_id=${staff.id}`, outletAdmin.token);
    expect(list.json().meta.total).toBe(2);
    const [first, second] = list.json().data;
    expect((await call('DELETE', `/api/outlet-user-mapping/${first.id}`, outletAdmin.token)).statusCode).toBe(204);
    const last = await call('DELETE', `/api/outlet-user-mapping/${second.id}`, outletAdmin.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toContain('at least one outlet');
  });

  it('refuses a company-role user on an outlet with 400 naming user_id', async () => {
    const companyUser = await signedIn(t.app, t.db, 'COMPANY_EMPLOYEE', { companyId });
    const response = await call('POST', '/api/outlet-user-mapping', admin, {
      outlet_id: outletA,
      user_id: companyUser.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('user_id');
  });

  it('company mappings: a company user has exactly one company', async () => {
    const member = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId });
    const list = await call('GET', `/api/company-user-mapping?company_id=${companyId}`, member.token);
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((m: { user: { id: string } }) => m.user.id === member.id);
    expect(mine.company).toEqual({ id: companyId, name: 'Brewline' });
    const second = await createCompany(t.db);
    const twice = await call('POST', '/api/company-user-mapping', admin, { company_id: second.id, user_id: member.id });
    expect(twice.statusCode).toBe(409);
    const only = await call('DELETE', `/api/company-user-mapping/${mine.id}`, admin);
    expect(only.statusCode).toBe(409);

    const orphan = await createUser(t.db, { role: 'COMPANY_EMPLOYEE' });
    const placed = await call('POST', '/api/company-user-mapping', admin, {
      company_id: second.id,
      user_id: orphan.id,
    });
    expect(placed.statusCode).toBe(201);
  });

  it("another tenant's mapping and user are 404; employees only see their own", async () => {
    const stranger = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [(await createOutlet(t.db)).id] });
    const list = await call('GET', '/api/outlet-user-mapping', admin);
    const foreign = list.json().data.find((m: { outlet: { id: string } }) => m.outlet.id === outletA);
    expect((await call('DELETE', `/api/outlet-user-mapping/${foreign.id}`, stranger.token)).statusCode).toBe(404);
    const seen = await call('GET', '/api/outlet-user-mapping', stranger.token);
    expect(seen.json().data.every((m: { user: { id: string } }) => m.user.id === stranger.id)).toBe(true);
    const employee = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletA] });
    const own = await call('GET', '/api/outlet-user-mapping', employee.token);
    expect(own.json().data.map((m: { user: { id: string } }) => m.user.id)).toEqual([employee.id]);
    expect(
      (await call('POST', '/api/outlet-user-mapping', employee.token, { outlet_id: outletB, user_id: employee.id }))
        .statusCode,
    ).toBe(403);
  });
});
