import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { outletUsers } from '../src/db/schema.ts';
import { STAFF_SIGN_IN_POLICIES } from '../src/modules/auth/auth.service.ts';
import { createCompany, createOutlet, createUser } from './helpers/factories.ts';
import { loginAs, signedIn, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('users API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: { id: string; token: string };
  let companyId: string;
  let otherCompanyId: string;
  let outletId: string;
  let otherOutletId: string;
  let companyAdmin: { id: string; token: string };
  let outletAdmin: { id: string; token: string };

  beforeAll(async () => {
    const adminUser = await createUser(t.db, { role: 'GLOBAL_ADMIN', name: 'Asha Admin' });
    admin = { id: adminUser.id, token: await loginAs(t.app, adminUser) };
    companyId = (await createCompany(t.db, { name: 'Brewline' })).id;
    otherCompanyId = (await createCompany(t.db, { name: 'Zest' })).id;
    outletId = (await createOutlet(t.db, { name: 'Cafe One' })).id;
    otherOutletId = (await createOutlet(t.db, { name: 'Gym Two' })).id;
    companyAdmin = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId });
    outletAdmin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletId] });
  });

  const call = staffRequests(t);

  it('onboards a user with a temporary password shown once; they must change it before anything else', async () => {
    const response = await call('POST', '/api/users', companyAdmin.token, {
      name: 'Ravi Kumar',
      email: 'Ravi@Brewline.example',
      role: 'COMPANY_EMPLOYEE',
    });
    expect(response.statusCode).toBe(201);
    const { user, temporary_password } = response.json().data;
    expect(temporary_password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(user).toMatchObject({
      email: 'ravi@brewline.example',
      role: 'COMPANY_EMPLOYEE',
      must_change_password: true,
      is_active: true,
      companies: [{ id: companyId, name: 'Brewline' }],
      outlets: [],
    });
    expect((await call('GET', `/api/users/${user.id}`, companyAdmin.token)).json().data).not.toHaveProperty(
      'temporary_password',
    );

    const token = await loginAs(t.app, { email: 'ravi@brewline.example', password: temporary_password });
    const blocked = await call('GET', '/api/ads', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call('POST', '/api/auth/change-password', token, {
      current_password: temporary_password,
      new_password: 'a-new-secret',
    });
    expect(changed.statusCode).toBe(204);
    expect((await call('GET', '/api/ads', token)).statusCode).toBe(200);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const response = await call('POST', '/api/users', admin.token, {
      name: 'Again',
      email: 'RAVI@brewline.example',
      role: 'COMPANY_EMPLOYEE',
      company_id: companyId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('ravi@brewline.example');
  });

  it.each([
    [{ name: 'A', email: 'a@x.example', role: 'COMPANY_ADMIN' }, 'company_id'],
    [{ name: 'A', email: 'a@x.example', role: 'OUTLET_ADMIN' }, 'outlet_ids'],
    [{ name: 'A', email: 'a@x.example', role: 'OUTLET_ADMIN', outlet_ids: [] }, 'outlet_ids'],
    [{ name: 'A', email: 'a@x.example', role: 'GLOBAL_ADMIN', company_id: randomUUID() }, 'company_id'],
    [
      { name: 'A', email: 'a@x.example', role: 'COMPANY_ADMIN', company_id: randomUUID(), outlet_ids: [randomUUID()] },
      'outlet_ids',
    ],
    [{ name: 'A', email: 'not-email', role: 'GLOBAL_ADMIN' }, 'body.email'],
    [{ name: 'A', email: 'a@x.example', role: 'UNMAPPED' }, 'body.role'],
    [{ name: '', email: 'a@x.example', role: 'GLOBAL_ADMIN' }, 'body.name'],
  ])('refuses %o with 400 naming %s', async (payload, path) => {
    const response = await call('POST', '/api/users', admin.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('a company admin onboards company roles into their own company only', async () => {
    const outletRole = await call('POST', '/api/users', companyAdmin.token, {
      name: 'X',
      email: 'x1@x.example',
      role: 'OUTLET_ADMIN',
      outlet_ids: [outletId],
    });
    expect(outletRole.statusCode).toBe(403);
    const foreign = await call('POST', '/api/users', companyAdmin.token, {
      name: 'X',
      email: 'x2@x.example',
      role: 'COMPANY_EMPLOYEE',
      company_id: otherCompanyId,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an outlet admin onboards outlet roles onto their own outlets only', async () => {
    const ok = await call('POST', '/api/users', outletAdmin.token, {
      name: 'Meena',
      email: 'meena@cafe.example',
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.user.outlets).toEqual([{ id: outletId, name: 'Cafe One', outlet_code: expect.any(String) }]);
    const foreign = await call('POST', '/api/users', outletAdmin.token, {
      name: 'X',
      email: 'x3@x.example',
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId, otherOutletId],
    });
    expect(foreign.statusCode).toBe(404);
    const global = await call('POST', '/api/users', outletAdmin.token, {
      name: 'X',
      email: 'x4@x.example',
      role: 'GLOBAL_ADMIN',
    });
    expect(global.statusCode).toBe(403);
  });

  it('lists with scope, filters, search, sort and paging', async () => {
    const all = await call('GET', '/api/users?sort=email&pageSize=50', admin.token);
    expect(all.json().meta.total).toBe(5);
    const emails = all.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    const mine = await call('GET', '/api/users', companyAdmin.token);
    expect(
      mine
        .json()
        .data.map((u: { role: string }) => u.role)
        .sort(),
    ).toEqual(['COMPANY_ADMIN', 'COMPANY_EMPLOYEE']);
    const byOutlet = await call('GET', `/api/users?outlet_id=${outletId}&role=OUTLET_EMPLOYEE`, admin.token);
    expect(byOutlet.json().data.map((u: { email: string }) => u.email)).toEqual(['meena@cafe.example']);
    const search = await call('GET', '/api/users?q=RAVI', admin.token);
    expect(search.json().data.map((u: { name: string }) => u.name)).toEqual(['Ravi Kumar']);
    const paged = await call('GET', '/api/users?pageSize=2&page=3&sort=created_at', admin.token);
    expect(paged.json().data).toHaveLength(1);
    expect((await call('GET', '/api/users?sort=password_hash', admin.token)).statusCode).toBe(400);
  });

  it('employees see only themselves', async () => {
    const employee = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    const list = await call('GET', '/api/users', employee.token);
    expect(list.json().data.map((u: { id: string }) => u.id)).toEqual([employee.id]);
    expect((await call('GET', `/api/users/${outletAdmin.id}`, employee.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/users/${employee.id}`, employee.token, { name: 'Me' })).statusCode).toBe(403);
  });

  it('changes a role together with its memberships, and validates the result', async () => {
    const created = await call('POST', '/api/users', admin.token, {
      name: 'Switcher',
      email: 'switch@x.example',
      role: 'COMPANY_EMPLOYEE',
      company_id: companyId,
    });
    const id = created.json().data.user.id;
    const missing = await call('PATCH', `/api/users/${id}`, admin.token, { role: 'OUTLET_EMPLOYEE' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('outlet_ids');
    const moved = await call('PATCH', `/api/users/${id}`, admin.token, {
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId, otherOutletId],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.companies).toEqual([]);
    expect(
      moved
        .json()
        .data.outlets.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([outletId, otherOutletId].sort());

    // Shared staff: this outlet admin sees only their own outlet, and cannot switch the account off for the other.
    const seen = await call('GET', `/api/users/${id}`, outletAdmin.token);
    expect(seen.json().data.outlets.map((o: { id: string }) => o.id)).toEqual([outletId]);
    expect((await call('DELETE', `/api/users/${id}`, outletAdmin.token)).statusCode).toBe(403);
    const off = await call('PATCH', `/api/users/${id}`, outletAdmin.token, { outlet_ids: [] });
    expect(off.statusCode).toBe(200);
    const after = await call('GET', `/api/users/${id}`, admin.token);
    expect(after.json().data.outlets.map((o: { id: string }) => o.id)).toEqual([otherOutletId]);
  });

  it('deactivating a user ends their sessions; nobody deactivates or demotes themselves', async () => {
    const victim = await signedIn(t.app, t.db, 'COMPANY_EMPLOYEE', { companyId });
    expect((await call('POST', '/api/auth/verify', victim.token)).statusCode).toBe(200);
    const off = await call('PATCH', `/api/users/${victim.id}`, companyAdmin.token, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.is_active).toBe(false);
    expect((await call('POST', '/api/auth/verify', victim.token)).statusCode).toBe(401);

    const self = await call('PATCH', `/api/users/${companyAdmin.id}`, companyAdmin.token, { is_active: false });
    expect(self.statusCode).toBe(403);
    const demote = await call('PATCH', `/api/users/${companyAdmin.id}`, companyAdmin.token, {
      role: 'COMPANY_EMPLOYEE',
    });
    expect(demote.statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${admin.id}`, admin.token)).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/users/${companyAdmin.id}`, companyAdmin.token, { name: 'Renamed' })).statusCode,
    ).toBe(200);
  });

  it('DELETE deactivates (204) and keeps the account', async () => {
    const gone = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    expect((await call('DELETE', `/api/users/${gone.id}`, outletAdmin.token)).statusCode).toBe(204);
    expect((await call('POST', '/api/auth/verify', gone.token)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${gone.id}`, admin.token)).json().data.is_active).toBe(false);
    expect((await call('DELETE', `/api/users/${randomUUID()}`, admin.token)).statusCode).toBe(404);
  });

  it('a manager resets a password: a new temporary one, old sessions end, the sign-in lock lifts', async () => {
    const forgetful = await createUser(t.db, { role: 'OUTLET_EMPLOYEE', name: 'Forgetful' });
    await t.db.insert(outletUsers).values({ outletId, userId: forgetful.id });
    const oldToken = await loginAs(t.app, forgetful);
    // Slowed down by wrong guesses from many networks (decision 040).
    for (let attempt = 0; attempt < STAFF_SIGN_IN_POLICIES.subject.free; attempt += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: forgetful.email, password: 'wrong-guess' },
        remoteAddress: `10.9.0.${attempt}`,
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: forgetful.email, password: forgetful.password },
      remoteAddress: '10.9.1.1',
    });
    expect(locked.statusCode).toBe(429);

    const reset = await call('POST', `/api/users/${forgetful.id}/reset-password`, outletAdmin.token);
    expect(reset.statusCode).toBe(200);
    const { user, temporary_password } = reset.json().data;
    expect(temporary_password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(user).toMatchObject({ id: forgetful.id, must_change_password: true });
    expect((await call('POST', '/api/auth/verify', oldToken)).statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: forgetful.email, password: temporary_password },
      remoteAddress: '10.9.1.2',
    });
    expect(fresh.statusCode).toBe(200);
    const gated = await call('GET', '/api/ads', fresh.json().data.token);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: forgetful.email, password: forgetful.password },
      remoteAddress: '10.9.1.3',
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  it("password resets stay inside the caller's reach: not oneself, not another tenant, not an employee", async () => {
    const elsewhere = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [otherOutletId] });
    expect((await call('POST', `/api/users/${elsewhere.id}/reset-password`, outletAdmin.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${elsewhere.id}/reset-password`, companyAdmin.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${outletAdmin.id}/reset-password`, outletAdmin.token)).statusCode).toBe(403);
    const employee = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    expect((await call('POST', `/api/users/${elsewhere.id}/reset-password`, employee.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${randomUUID()}/reset-password`, admin.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/users/not-a-uuid/reset-password', admin.token)).statusCode).toBe(400);
    // Both halves of a user in two outlets belong to the admin who resets them.
    const shared = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId, otherOutletId] });
    expect((await call('POST', `/api/users/${shared.id}/reset-password`, outletAdmin.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${shared.id}/reset-password`, admin.token)).statusCode).toBe(200);
    await call('DELETE', `/api/users/${elsewhere.id}`, admin.token);
    const deactivated = await call('POST', `/api/users/${elsewhere.id}/reset-password`, admin.token);
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().message).toContain('deactivated');
  });
});
