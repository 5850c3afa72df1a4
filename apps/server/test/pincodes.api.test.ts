import { beforeAll, describe, expect, it } from 'vitest';
import { createOutlet } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('pincodes API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    admin = await signInAs(t);
    employee = await signInAs(t, 'OUTLET_EMPLOYEE');
  });

  const call = staffRequests(t);

  it('a global admin adds pincodes; a duplicate is a 409, a malformed one a 400', async () => {
    for (const [code, city, state] of [
      ['560038', 'Bengaluru', 'Karnataka'],
      ['560001', 'Bengaluru', 'Karnataka'],
      ['400001', 'Mumbai', 'Maharashtra'],
    ]) {
      expect((await call('POST', '/api/pincode', admin, { code, city, state })).statusCode).toBe(201);
    }
    const duplicate = await call('POST', '/api/pincode', admin, { code: '560038', city: 'X', state: 'Y' });
    expect(duplicate.statusCode).toBe(409);
    const malformed = await call('POST', '/api/pincode', admin, { code: '5600', city: 'X', state: 'Y' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('body.code');
  });

  it('every signed-in role searches by code, city or state, paged and sorted', async () => {
    const byCity = await call('GET', '/api/pincode?q=bengaluru&sort=-code', employee);
    expect(byCity.statusCode).toBe(200);
    expect(byCity.json().data.map((p: { code: string }) => p.code)).toEqual(['560038', '560001']);
    const byCode = await call('GET', '/api/pincode?q=4000', employee);
    expect(byCode.json().data).toEqual([{ code: '400001', city: 'Mumbai', state: 'Maharashtra' }]);
    const paged = await call('GET', '/api/pincode?pageSize=1&page=3', employee);
    expect(paged.json()).toMatchObject({ data: [{ code: '560038' }], meta: { page: 3, pageSize: 1, total: 3 } });
    expect((await call('GET', '/api/pincode/400001', employee)).json().data.city).toBe('Mumbai');
    expect((await call('GET', '/api/pincode/999999', employee)).statusCode).toBe(404);
  });

  it('only a global admin writes', async () => {
    expect(
      (await call('POST', '/api/pincode', employee, { code: '110001', city: 'Delhi', state: 'Delhi' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/api/pincode/400001', employee)).statusCode).toBe(403);
  });

  it('corrects a city, and refuses to delete a pincode an outlet uses', async () => {
    const fixed = await call('PATCH', '/api/pincode/560001', admin, { city: 'Bangalore GPO' });
    expect(fixed.json().data).toEqual({ code: '560001', city: 'Bangalore GPO', state: 'Karnataka' });
    await createOutlet(t.db, { pincode: '560038' });
    const used = await call('DELETE', '/api/pincode/560038', admin);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('1 outlet');
    expect((await call('DELETE', '/api/pincode/560001', admin)).statusCode).toBe(204);
    expect((await call('DELETE', '/api/pincode/560001', admin)).statusCode).toBe(404);
  });
});
