import { type AdSchedule, ALWAYS, matchesTargeting, NO_TARGETING } from '@adloop/contract/targeting';
import { beforeAll, describe, expect, it } from 'vitest';
import { pincodes } from '../src/db/schema.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

type Screen = Awaited<ReturnType<typeof createScreen>>;

describe.each(databaseKinds)('ad targeting and scheduling on %s', (kind) => {
  const t = useTestApp(kind);
  let companyId: string;
  let companyAdmin: string;
  let outletAdmin: string;
  let cafeBlr: { id: string };
  let gymDel: { id: string };
  let plainMum: { id: string };
  let screens: Record<'cafeBlr' | 'cafeBlrKids' | 'gymDel' | 'plainMum', Screen>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    await t.db.insert(pincodes).values([
      { code: '560001', city: 'Bengaluru', state: 'Karnataka' },
      { code: '110001', city: 'New Delhi', state: 'Delhi' },
      { code: '400001', city: 'Mumbai', state: 'Maharashtra' },
    ]);
    companyId = (await createCompany(t.db)).id;
    cafeBlr = await createOutlet(t.db, { tags: ['cafe'], pincode: '560001', city: 'Bengaluru' });
    gymDel = await createOutlet(t.db, { tags: ['gym'], pincode: '110001', city: 'New Delhi' });
    // No city of its own: the pincode's city counts.
    plainMum = await createOutlet(t.db, { pincode: '400001', timezone: 'Europe/London' });
    screens = {
      cafeBlr: await createScreen(t.db, cafeBlr.id),
      cafeBlrKids: await createScreen(t.db, cafeBlr.id, { tags: ['kids'] }),
      gymDel: await createScreen(t.db, gymDel.id, { tags: ['kids'] }),
      plainMum: await createScreen(t.db, plainMum.id),
    };
    await createScreen(t.db, plainMum.id, { status: 'DISABLED' });
    for (const [name, screen] of Object.entries(screens))
      tokens[name] = (await connectScreen(t.app, screen)).access_token;
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId });
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [cafeBlr.id] });
  });

  const adsOn = async (screen: keyof typeof screens) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(tokens[screen]!),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<{ id: string; title: string; schedule?: AdSchedule }>;
  };
  const titlesOn = async (screen: keyof typeof screens) =>
    (await adsOn(screen)).map((ad) => ad.title).filter((title) => title.startsWith('T:'));
  const create = (payload: Record<string, unknown>, token = companyAdmin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: bearer(token),
      payload: { title: 'Ad', type: 'IMAGE', media_url: 'https://cdn.example.com/a.png', ...payload },
    });

  it('a screen lists exactly the ads whose targeting matches it: AND across kinds, OR within one', async () => {
    await createAd(t.db, companyId, { title: 'T:everywhere' });
    await createAd(t.db, companyId, { title: 'T:cafe', targetTags: ['cafe'] });
    await createAd(t.db, companyId, { title: 'T:kids-or-gym', targetTags: ['kids', 'gym'] });
    await createAd(t.db, companyId, { title: 'T:outlet-gym', targetOutletIds: [gymDel.id] });
    await createAd(t.db, companyId, { title: 'T:pin-mumbai', targetPincodes: ['400001'] });
    await createAd(t.db, companyId, { title: 'T:city-bengaluru', targetCities: ['bengaluru'] });
    await createAd(t.db, companyId, { title: 'T:kids-in-delhi', targetTags: ['kids'], targetCities: ['New Delhi'] });
    await createAd(t.db, companyId, { title: 'T:nowhere', targetTags: ['cafe'], targetPincodes: ['110001'] });
    await createAd(t.db, companyId, { title: 'T:paused', status: 'PAUSED' });

    expect(await titlesOn('cafeBlr')).toEqual(['T:everywhere', 'T:cafe', 'T:city-bengaluru']);
    expect(await titlesOn('cafeBlrKids')).toEqual(['T:everywhere', 'T:cafe', 'T:kids-or-gym', 'T:city-bengaluru']);
    expect(await titlesOn('gymDel')).toEqual(['T:everywhere', 'T:kids-or-gym', 'T:outlet-gym', 'T:kids-in-delhi']);
    expect(await titlesOn('plainMum')).toEqual(['T:everywhere', 'T:pin-mumbai']);
  });

  it('the SQL filter agrees with the shared pure function on every screen', async () => {
    const { ads } = await import('../src/db/schema.ts');
    const rows = await t.db.select().from(ads);
    const places = {
      cafeBlr: { tags: [], outlet_tags: ['cafe'], outlet_id: cafeBlr.id, pincode: '560001', city: 'Bengaluru' },
      cafeBlrKids: {
        tags: ['kids'],
        outlet_tags: ['cafe'],
        outlet_id: cafeBlr.id,
        pincode: '560001',
        city: 'Bengaluru',
      },
      gymDel: { tags: ['kids'], outlet_tags: ['gym'], outlet_id: gymDel.id, pincode: '110001', city: 'New Delhi' },
      plainMum: { tags: [], outlet_tags: [], outlet_id: plainMum.id, pincode: '400001', city: 'Mumbai' },
    };
    for (const [name, place] of Object.entries(places)) {
      const expected = rows
        .filter((row) => row.status === 'ACTIVE')
        .filter((row) =>
          matchesTargeting(
            {
              tags: row.targetTags,
              outlet_ids: row.targetOutletIds,
              pincodes: row.targetPincodes,
              cities: row.targetCities,
            },
            { ...place, timezone: 'Asia/Kolkata' },
          ),
        )
        .map((row) => row.id)
        .sort();
      const listed = (await adsOn(name as keyof typeof screens)).map((ad) => ad.id).sort();
      expect(listed).toEqual(expected);
    }
  });

  it("outlet staff read exactly the ads that play on some screen of their outlets; another outlet's ad is a 404", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/ads?pageSize=100', headers: bearer(outletAdmin) });
    expect(list.statusCode).toBe(200);
    const listed = (list.json().data as Array<{ title: string }>)
      .map((ad) => ad.title)
      .filter((title) => title.startsWith('T:'))
      .sort();
    // The union of what cafeBlr's two screens play (the first test's ads).
    const onTheirScreens = [...new Set([...(await titlesOn('cafeBlr')), ...(await titlesOn('cafeBlrKids'))])].sort();
    expect(listed).toEqual(onTheirScreens);
    expect(listed).toEqual(['T:cafe', 'T:city-bengaluru', 'T:everywhere', 'T:kids-or-gym']);

    const gymOnly = (await adsOn('gymDel')).find((ad) => ad.title === 'T:outlet-gym')!;
    const foreign = await t.app.inject({ method: 'GET', url: `/api/ads/${gymOnly.id}`, headers: bearer(outletAdmin) });
    expect(foreign.statusCode).toBe(404);
    const gymAdmin = await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [gymDel.id] });
    const own = await t.app.inject({ method: 'GET', url: `/api/ads/${gymOnly.id}`, headers: bearer(gymAdmin) });
    expect(own.statusCode).toBe(200);
  });

  it('orders by priority, then oldest first, and carries each schedule with the outlet zone to the screen', async () => {
    const created = await create({
      title: 'T:urgent',
      targeting: { outlet_ids: [plainMum.id] },
      schedule: { priority: 5, days_of_week: [5, 1, 1], start_time: '22:00', end_time: '02:00', share_of_voice: 30 },
      status: 'PENDING_REVIEW',
    });
    expect(created.statusCode).toBe(201);
    const ad = created.json().data;
    expect(ad.targeting).toEqual({ ...NO_TARGETING, outlet_ids: [plainMum.id] });
    expect(ad.schedule).toEqual({
      ...ALWAYS,
      priority: 5,
      days_of_week: [1, 5],
      start_time: '22:00',
      end_time: '02:00',
      share_of_voice: 30,
    });
    const admin = await signInAs(t);
    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(admin),
      payload: { status: 'ACTIVE' },
    });
    expect(approved.statusCode).toBe(200);
    const list = (await adsOn('plainMum')).filter((entry) => entry.title.startsWith('T:'));
    expect(list.map((entry) => entry.title)).toEqual(['T:urgent', 'T:everywhere', 'T:pin-mumbai']);
    expect(list[0]!.schedule).toMatchObject({ start_time: '22:00', end_time: '02:00', share_of_voice: 30 });
    // The schedule is read on the clock of the screen's outlet.
    expect(list[1]!.schedule).toEqual({ ...ALWAYS, timezone: 'Europe/London' });
    expect(await titlesOn('cafeBlr')).not.toContain('T:urgent');
  });

  it('editing targeting moves an ad between screens without sending it back to review', async () => {
    const ad = await createAd(t.db, companyId, { title: 'T:moving', targetOutletIds: [gymDel.id] });
    expect(await titlesOn('cafeBlr')).not.toContain('T:moving');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(companyAdmin),
      payload: { targeting: { outlet_ids: [cafeBlr.id] } },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.status).toBe('ACTIVE');
    expect(await titlesOn('cafeBlr')).toContain('T:moving');
    expect(await titlesOn('gymDel')).not.toContain('T:moving');
  });

  it('refuses unknown outlets and pincodes, dates out of order and bad times, naming the field', async () => {
    const unknownOutlet = await create({ targeting: { outlet_ids: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknownOutlet.statusCode).toBe(400);
    expect(unknownOutlet.json().details[0].path).toBe('targeting.outlet_ids');
    const unknownPin = await create({ targeting: { pincodes: ['999999'] } });
    expect(unknownPin.statusCode).toBe(400);
    expect(unknownPin.json().details[0].path).toBe('targeting.pincodes');
    const badPin = await create({ targeting: { pincodes: ['12'] } });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().details[0].path).toContain('targeting.pincodes');
    const backwards = await create({ schedule: { start_date: '2026-12-10', end_date: '2026-12-01' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].path).toContain('schedule.end_date');
    const badTime = await create({ schedule: { start_time: '25:00', end_time: '02:00' } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().details[0].path).toContain('schedule.start_time');
    const halfWindow = await create({ schedule: { start_time: '09:00' } });
    expect(halfWindow.statusCode).toBe(400);
    expect(halfWindow.json().details[0].path).toContain('schedule.end_time');
    const share = await create({ schedule: { share_of_voice: 0 } });
    expect(share.statusCode).toBe(400);
    expect(share.json().details[0].path).toContain('schedule.share_of_voice');
    const badTag = await create({ targeting: { tags: ['no spaces'] } });
    expect(badTag.statusCode).toBe(400);
  });

  it('counts the active screens and outlets a targeting reaches', async () => {
    const reach = async (query: string, token = companyAdmin) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/ads/reach?${query}`, headers: bearer(token) });
      return response.statusCode === 200 ? response.json().data : response.statusCode;
    };
    expect(await reach('')).toEqual({ screens: 4, outlets: 3 });
    expect(await reach('tags=kids')).toEqual({ screens: 2, outlets: 2 });
    expect(await reach('tags=kids,cafe')).toEqual({ screens: 3, outlets: 2 });
    expect(await reach('tags=kids&cities=Bengaluru')).toEqual({ screens: 1, outlets: 1 });
    expect(await reach('cities=mumbai')).toEqual({ screens: 1, outlets: 1 });
    expect(await reach(`outlet_ids=${cafeBlr.id},${gymDel.id}`)).toEqual({ screens: 3, outlets: 2 });
    expect(await reach('pincodes=110001')).toEqual({ screens: 1, outlets: 1 });
    expect(await reach('tags=cafe&pincodes=110001')).toEqual({ screens: 0, outlets: 0 });
    expect(await reach('outlet_ids=nope')).toBe(400);
    // Outlet staff count their own outlet's screens only, where their house content plays (decision 090).
    expect(await reach('', outletAdmin)).toEqual({ screens: 2, outlets: 1 });
    expect(await reach('tags=kids', outletAdmin)).toEqual({ screens: 1, outlets: 1 });
    expect(await reach(`outlet_ids=${gymDel.id}`, outletAdmin)).toEqual({ screens: 0, outlets: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/ads/reach' })).statusCode).toBe(401);
  });
});
