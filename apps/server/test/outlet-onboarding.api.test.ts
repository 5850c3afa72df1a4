import { beforeAll, describe, expect, it } from 'vitest';
import { pincodes } from '../src/db/schema.ts';
import { createCompany, createOutlet } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/** Issue 11: an outlet anywhere in India can be onboarded, its pincode added on the way (decision 047). */
describe.each(databaseKinds)('outlet onboarding anywhere on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletAdmin: string;
  let ownOutletId: string;
  let sequence = 0;

  beforeAll(async () => {
    await t.db.insert(pincodes).values({ code: '560038', city: 'Bengaluru', state: 'Karnataka' });
    admin = await signInAs(t);
    ownOutletId = (await createOutlet(t.db, { name: 'Own Cafe', pincode: '560038', city: 'Bengaluru' })).id;
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [ownOutletId] });
  });

  const call = staffRequests(t);
  const onboard = (token: string, fields: object) => {
    sequence += 1;
    return call('POST', '/api/outlets', token, {
      name: `Outlet ${sequence}`,
      outlet_code: `ONB-${sequence}`,
      ...fields,
    });
  };
  const pincodeOf = async (code: string) => (await call('GET', `/api/pincode/${code}`, admin)).json().data;
  const pathsOf = (response: { json(): { details?: Array<{ path: string }> } }) =>
    (response.json().details ?? []).map((detail) => detail.path);

  it('adds an unknown pincode with its city and state in the same step as the outlet', async () => {
    const created = await onboard(admin, { pincode: '560034', city: 'Bengaluru', state: 'karnataka' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      pincode: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      timezone: 'Asia/Kolkata',
    });
    // The state is saved as the list spells it.
    expect(await pincodeOf('560034')).toEqual({ code: '560034', city: 'Bengaluru', state: 'Karnataka' });
    const listed = await call('GET', '/api/outlets?pincode=560034', admin);
    expect(listed.json().data[0]).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
  });

  it.each([
    [{ state: 'Kerala' }, ['city']],
    [{ city: 'Kochi' }, ['state']],
    [{}, ['city', 'state']],
    [{ city: '  ', state: '' }, ['city', 'state']],
  ])('refuses an unknown pincode given %o with a 400 naming %o, adding nothing', async (place, missing) => {
    const response = await onboard(admin, { pincode: '682001', ...place });
    expect(response.statusCode).toBe(400);
    expect(pathsOf(response)).toEqual(missing);
    expect(response.json().message).toContain(`Pincode 682001 is new to AdLoop: give its ${missing.join(' and ')}`);
    expect((await call('GET', '/api/pincode/682001', admin)).statusCode).toBe(404);
  });

  it.each(['5600', '5600345', '56003a', 'abcdef', '56 034'])(
    'refuses the malformed pincode %s naming it',
    async (code) => {
      const response = await onboard(admin, { pincode: code, city: 'Bengaluru', state: 'Karnataka' });
      expect(response.statusCode).toBe(400);
      expect(pathsOf(response)).toEqual(['body.pincode']);
      expect(response.json().message).toContain('Pincode must be 6 digits');
    },
  );

  it('keeps a known pincode as it is: its city fills in, a different city or state is named', async () => {
    const blank = await onboard(admin, { pincode: '560038' });
    expect(blank.json().data).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    const otherCase = await onboard(admin, { pincode: '560038', city: ' bengaluru ', state: 'KARNATAKA' });
    expect(otherCase.statusCode).toBe(201);
    expect(otherCase.json().data.city).toBe('Bengaluru');

    const wrongCity = await onboard(admin, { pincode: '560038', city: 'Mysuru' });
    expect(wrongCity.statusCode).toBe(400);
    expect(pathsOf(wrongCity)).toEqual(['city']);
    expect(wrongCity.json().message).toBe(
      'Pincode 560038 is in Bengaluru, Karnataka, not Mysuru: leave the city as Bengaluru or check the pincode',
    );
    const wrongState = await onboard(admin, { pincode: '560038', state: 'Kerala' });
    expect(pathsOf(wrongState)).toEqual(['state']);
    expect(await pincodeOf('560038')).toEqual({ code: '560038', city: 'Bengaluru', state: 'Karnataka' });

    const stateAlone = await onboard(admin, { city: 'Pune', state: 'Maharashtra' });
    expect(stateAlone.statusCode).toBe(400);
    expect(pathsOf(stateAlone)).toEqual(['state']);
    const noPincode = await onboard(admin, { city: 'Pune' });
    expect(noPincode.json().data).toMatchObject({ city: 'Pune', pincode: null, state: null });
  });

  it('writes nothing when the outlet cannot be saved: a taken outlet code is a 409 and its new pincode is not added', async () => {
    const taken = (await onboard(admin, {})).json().data.outlet_code;
    const duplicate = await call('POST', '/api/outlets', admin, {
      name: 'Copy',
      outlet_code: taken,
      pincode: '110001',
      city: 'New Delhi',
      state: 'Delhi',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain(taken);
    expect((await call('GET', '/api/pincode/110001', admin)).statusCode).toBe(404);

    const other = (await onboard(admin, {})).json().data.id;
    const renamed = await call('PATCH', `/api/outlets/${other}`, admin, {
      outlet_code: taken,
      pincode: '110001',
      city: 'New Delhi',
      state: 'Delhi',
    });
    expect(renamed.statusCode).toBe(409);
    expect((await call('GET', '/api/pincode/110001', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/outlets/${other}`, admin)).json().data.pincode).toBeNull();
  });

  it('two outlets onboarded at once in the same new pincode both succeed, and it is added once', async () => {
    const [first, second] = await Promise.all([
      onboard(admin, { pincode: '400050', city: 'Mumbai', state: 'Maharashtra' }),
      onboard(admin, { pincode: '400050', city: 'Mumbai', state: 'Maharashtra' }),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    const listed = await call('GET', '/api/pincode?q=400050', admin);
    expect(listed.json().meta.total).toBe(1);
  });

  it('a global admin also adds a pincode when moving an outlet; an outlet admin may only pick a known one', async () => {
    const outlet = (await onboard(admin, { pincode: '560038' })).json().data.id;
    const moved = await call('PATCH', `/api/outlets/${outlet}`, admin, {
      pincode: '600001',
      city: 'Chennai',
      state: 'Tamil Nadu',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' });

    const refused = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, {
      pincode: '700001',
      city: 'Kolkata',
      state: 'West Bengal',
    });
    expect(refused.statusCode).toBe(400);
    expect(pathsOf(refused)).toEqual(['pincode']);
    expect(refused.json().message).toBe('Pincode 700001 is not in AdLoop yet; an AdLoop admin adds it under Pincodes');
    expect((await call('GET', '/api/pincode/700001', admin)).statusCode).toBe(404);

    // A known pincode brings its own city with it.
    const known = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, { pincode: '600001' });
    expect(known.statusCode).toBe(200);
    expect(known.json().data).toMatchObject({ pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' });
    const wrongCity = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, { city: 'Madurai' });
    expect(pathsOf(wrongCity)).toEqual(['city']);
  });

  it('only those who onboard outlets add pincodes through them', async () => {
    const company = await createCompany(t.db);
    const companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    for (const token of [outletAdmin, companyAdmin]) {
      const refused = await onboard(token, { pincode: '800001', city: 'Patna', state: 'Bihar' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/pincode/800001', admin)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/pincode', outletAdmin, { code: '800001', city: 'Patna', state: 'Bihar' })).statusCode,
    ).toBe(403);
  });

  it('takes a time zone by its current IANA name or its old alias, storing the current one; abbreviations are refused', async () => {
    for (const timezone of ['Asia/Kolkata', 'Asia/Calcutta', 'asia/kolkata']) {
      const created = await onboard(admin, { timezone });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.timezone).toBe('Asia/Kolkata');
    }
    const kyiv = await onboard(admin, { timezone: 'Europe/Kiev' });
    expect(kyiv.json().data.timezone).toBe('Europe/Kyiv');
    const dubai = await onboard(admin, { timezone: 'Asia/Dubai' });
    expect(dubai.json().data.timezone).toBe('Asia/Dubai');
    // Intl reads IST as India's, PostgreSQL as Israel's: neither is guessed.
    for (const timezone of ['IST', 'Mars/Olympus', '+05:30', '']) {
      const refused = await onboard(admin, { timezone });
      expect(refused.statusCode).toBe(400);
      expect(pathsOf(refused)).toEqual(['body.timezone']);
    }
    const edited = await call('PATCH', `/api/outlets/${ownOutletId}`, outletAdmin, { timezone: 'Asia/Calcutta' });
    expect(edited.json().data.timezone).toBe('Asia/Kolkata');
  });
});
