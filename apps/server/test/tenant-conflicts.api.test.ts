import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { signedIn, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/** Decision 040: shared staff are changed only by whoever holds all their tenants; 409s do not leak. */
describe.each(databaseKinds)('shared users and conflicts across tenants on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletId: string;
  let otherOutletId: string;
  let outletAdmin: { id: string; email: string; token: string };
  let companyId: string;
  beforeAll(async () => {
    admin = await signInAs(t);
    outletId = (await createOutlet(t.db, { name: 'Cafe One' })).id;
    otherOutletId = (await createOutlet(t.db, { name: 'Gym Two' })).id;
    outletAdmin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletId] });
    companyId = (await createCompany(t.db, { name: 'Brewline Coffee' })).id;
  });

  const call = staffRequests(t);

  it('an outlet admin cannot reactivate, rename or re-role a user a global admin deactivated who works elsewhere too', async () => {
    const shared = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId, otherOutletId] });
    expect((await call('DELETE', `/api/users/${shared.id}`, admin)).statusCode).toBe(204);

    for (const change of [{ is_active: true }, { name: 'Renamed' }, { role: 'OUTLET_ADMIN' }]) {
      const response = await call('PATCH', `/api/users/${shared.id}`, outletAdmin.token, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json().message).toContain('only someone who manages all of them');
    }
    expect((await call('GET', `/api/users/${shared.id}`, admin)).json().data).toMatchObject({
      is_active: false,
      role: 'OUTLET_EMPLOYEE',
    });
    // The admin holding both outlets may; a user wholly the outlet admin's own stays theirs to edit.
    expect((await call('PATCH', `/api/users/${shared.id}`, admin, { is_active: true })).statusCode).toBe(200);
    const own = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    expect((await call('PATCH', `/api/users/${own.id}`, outletAdmin.token, { name: 'Own Staff' })).statusCode).toBe(
      200,
    );
  });

  it("a taken email, screen code or company name does not confirm another tenant's row", async () => {
    const elsewhere = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [otherOutletId] });
    const foreignEmail = await call('POST', '/api/users', outletAdmin.token, {
      name: 'Copycat',
      email: elsewhere.email.toUpperCase(),
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId],
    });
    expect(foreignEmail.statusCode).toBe(409);
    expect(foreignEmail.json().message).not.toMatch(/exists|user with/i);
    expect(foreignEmail.json().message).toContain('cannot be used');
    const ownEmail = await call('POST', '/api/users', outletAdmin.token, {
      name: 'Again',
      email: outletAdmin.email,
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId],
    });
    expect(ownEmail.statusCode).toBe(409);
    expect(ownEmail.json().message).toContain('already exists');

    const foreignScreen = await createScreen(t.db, otherOutletId);
    const takenCode = await call('POST', '/api/ad-screens', outletAdmin.token, {
      outlet_id: outletId,
      screen_code: foreignScreen.screenCode,
    });
    expect(takenCode.statusCode).toBe(409);
    expect(takenCode.json().message).toBe(`Screen code ${foreignScreen.screenCode} is not available; choose another`);

    await createCompany(t.db, { name: 'Zest Juices' });
    const companyAdmin = await signedIn(t.app, t.db, 'COMPANY_ADMIN', { companyId });
    const rename = await call('PATCH', `/api/ad-company/${companyId}`, companyAdmin.token, { name: 'zest juices' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).not.toContain('exists');
    const byGlobal = await call('PATCH', `/api/ad-company/${companyId}`, admin, { name: 'zest juices' });
    expect(byGlobal.json().message).toContain('already exists');
  });
});
