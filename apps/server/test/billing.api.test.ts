import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { makePlayPartitions } from '../src/modules/playback-logs/play-partitions.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('billing on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let companyAdmin: string;
  let outletAdmin: string;
  let ids: { company: string; otherCompany: string; ad: string; outlet: string; screenA: string; screenB: string };
  let codes: { screenA: string; screenB: string };

  const call = staffRequests(t);

  beforeAll(async () => {
    const company = await createCompany(t.db, { name: 'Masala Chai Co' });
    const otherCompany = await createCompany(t.db, { name: 'Rival Drinks' });
    const outlet = await createOutlet(t.db, { name: 'Gym Central', commissionBps: 1500 });
    const ad = await createAd(t.db, company.id);
    const screenA = await createScreen(t.db, outlet.id);
    const screenB = await createScreen(t.db, outlet.id);
    ids = {
      company: company.id,
      otherCompany: otherCompany.id,
      ad: ad.id,
      outlet: outlet.id,
      screenA: screenA.id,
      screenB: screenB.id,
    };
    codes = { screenA: screenA.screenCode, screenB: screenB.screenCode };
    admin = await signInAs(t);
    companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlet.id] });

    // 1,234 plays on screen A and 7 on screen B in October; 5 on A in November. A screen may no longer
    // report plays that old (decision 036), so the history is written as ingestion stored it (the
    // launch card's 150 paise, back to back) and the rollups rebuilt from it, into the months'
    // partitions, made as an import of history makes them (decision 097).
    await makePlayPartitions(t.db, ['2026-10', '2026-11']);
    for (const [screen, count, date] of [
      [screenA, 1234, '2026-10-10'],
      [screenB, 7, '2026-10-11'],
      [screenA, 5, '2026-11-01'],
    ] as const) {
      await t.db.insert(playbackLogs).values(
        Array.from({ length: count }, (_, n) => {
          const playedAt = new Date(Date.parse(`${date}T04:30:00.000Z`) + n * 10_000);
          return {
            id: randomUUID(),
            adId: ad.id,
            screenId: screen.id,
            companyId: company.id,
            outletId: outlet.id,
            playedAt,
            playDate: date,
            playTime: '10:00:00',
            priceMinor: 150,
          };
        }),
      );
    }
    await rebuildRollups(t.db);
  });

  describe('ad transactions', () => {
    it('records amounts in integer minor units and lists them with totals per company', async () => {
      const created = await call('POST', '/api/ad-transaction', admin, {
        company_id: ids.company,
        ad_id: ids.ad,
        amount_minor: 1_234_550,
        method: 'UPI',
        reference: 'UPI-9981',
        status: 'COMPLETED',
        transacted_at: '2026-11-15T10:00:00+05:30',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        amount_minor: 1_234_550,
        currency: 'INR',
        company: { name: 'Masala Chai Co' },
      });
      await call('POST', '/api/ad-transaction', admin, {
        company_id: ids.company,
        amount_minor: 50_000,
        method: 'CARD',
        transacted_at: '2026-11-16T10:00:00Z',
      });
      await call('POST', '/api/ad-transaction', admin, {
        company_id: ids.otherCompany,
        amount_minor: 99_900,
        method: 'CASH',
        status: 'COMPLETED',
        transacted_at: '2026-11-17T10:00:00Z',
      });
      const totals = await call('GET', '/api/ad-transaction/totals?from=2026-11-01&to=2026-11-30', admin);
      expect(totals.json().data).toEqual([
        expect.objectContaining({
          company_name: 'Masala Chai Co',
          completed_minor: 1_234_550,
          pending_minor: 50_000,
          count: 2,
        }),
        expect.objectContaining({ company_name: 'Rival Drinks', completed_minor: 99_900, count: 1 }),
      ]);
      const december = await call('GET', '/api/ad-transaction/totals?from=2026-12-01&to=2026-12-31', admin);
      expect(december.json().data).toEqual([]);
    });

    it('a company admin reads only their own and cannot add', async () => {
      const list = await call('GET', '/api/ad-transaction', companyAdmin);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.every((row: { company: { id: string } }) => row.company.id === ids.company)).toBe(true);
      expect(list.json().meta.total).toBe(2);
      const add = await call('POST', '/api/ad-transaction', companyAdmin, {
        company_id: ids.company,
        amount_minor: 1,
        method: 'UPI',
        transacted_at: '2026-11-16T10:00:00Z',
      });
      expect(add.statusCode).toBe(403);
      expect((await call('GET', '/api/ad-transaction', outletAdmin)).statusCode).toBe(403);
    });

    it.each([
      [{ amount_minor: 12.5 }, 'amount_minor'],
      [{ amount_minor: 0 }, 'amount_minor'],
      [{ currency: 'RUPEES' }, 'currency'],
      [{ method: 'BARTER' }, 'method'],
      [{ transacted_at: 'yesterday' }, 'transacted_at'],
    ])('refuses %o naming %s', async (override, field) => {
      const response = await call('POST', '/api/ad-transaction', admin, {
        company_id: ids.company,
        amount_minor: 100,
        method: 'UPI',
        transacted_at: '2026-11-16T10:00:00Z',
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    });

    it('refuses an ad of another company and an unknown company', async () => {
      const mismatch = await call('POST', '/api/ad-transaction', admin, {
        company_id: ids.otherCompany,
        ad_id: ids.ad,
        amount_minor: 100,
        method: 'UPI',
        transacted_at: '2026-11-16T10:00:00Z',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().details[0].path).toBe('ad_id');
      const unknown = await call('POST', '/api/ad-transaction', admin, {
        company_id: randomUUID(),
        amount_minor: 100,
        method: 'UPI',
        transacted_at: '2026-11-16T10:00:00Z',
      });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('screen payouts', () => {
    const october = { period_start: '2026-10-01', period_end: '2026-10-31' };

    // The plays are at a STANDARD outlet, outside any peak, on the launch rate card: 150 paise each.
    it('proposes the plays’ rate-card prices − commission per screen, with the working and the rounding rule', async () => {
      const response = await call(
        'GET',
        `/api/screen-payout/proposal?outlet_id=${ids.outlet}&period_start=2026-10-01&period_end=2026-10-31`,
        admin,
      );
      expect(response.statusCode).toBe(200);
      const { lines, total_minor, rounding } = response.json().data;
      const byCode = Object.fromEntries(lines.map((line: { screen_code: string }) => [line.screen_code, line]));
      expect(byCode[codes.screenA]).toMatchObject({
        plays: 1234,
        rate_minor: 150,
        gross_minor: 185_100,
        commission_bps: 1500,
        commission_minor: 27_765,
        amount_minor: 157_335,
        already_paid: false,
      });
      // 7 × 150 = 1,050; 15 % = 157.5 → 158 (half up); 1,050 − 158 = 892
      expect(byCode[codes.screenB]).toMatchObject({
        plays: 7,
        gross_minor: 1050,
        commission_minor: 158,
        amount_minor: 892,
      });
      expect(total_minor).toBe(157_335 + 892);
      expect(rounding).toContain('half up');
      expect(rounding).toContain('rate card');
    });

    it('takes no rate: the rate card prices every play, so a rate in the request is a 400 naming it', async () => {
      const proposal = await call(
        'GET',
        `/api/screen-payout/proposal?outlet_id=${ids.outlet}&period_start=2026-10-01&period_end=2026-10-31&rate_minor=150`,
        admin,
      );
      expect(proposal.statusCode).toBe(400);
      expect(JSON.stringify(proposal.json())).toContain('rate_minor');
      const created = await call('POST', '/api/screen-payout', admin, {
        outlet_id: ids.outlet,
        ...october,
        rate_minor: 1,
      });
      expect(created.statusCode).toBe(400);
      expect(JSON.stringify(created.json())).toContain('rate_minor');
    });

    it('records a payout per screen, then refuses the same or an overlapping period', async () => {
      const created = await call('POST', '/api/screen-payout', admin, {
        outlet_id: ids.outlet,
        ...october,
        reference: 'OCT',
      });
      expect(created.statusCode).toBe(201);
      expect(
        created
          .json()
          .data.map((p: { amount_minor: number }) => p.amount_minor)
          .sort((a: number, b: number) => a - b),
      ).toEqual([892, 157_335]);
      const again = await call('POST', '/api/screen-payout', admin, { screen_id: ids.screenA, ...october });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('never paid twice');
      const overlap = await call('POST', '/api/screen-payout', admin, {
        screen_id: ids.screenB,
        period_start: '2026-10-31',
        period_end: '2026-11-05',
      });
      expect(overlap.statusCode).toBe(409);
      const proposal = await call(
        'GET',
        `/api/screen-payout/proposal?screen_id=${ids.screenA}&period_start=2026-10-01&period_end=2026-10-31`,
        admin,
      );
      expect(proposal.json().data.lines[0].already_paid).toBe(true);
      expect(proposal.json().data.total_minor).toBe(0);
      const november = await call('POST', '/api/screen-payout', admin, {
        screen_id: ids.screenA,
        period_start: '2026-11-01',
        period_end: '2026-11-10',
      });
      expect(november.statusCode).toBe(201);
      expect(november.json().data[0]).toMatchObject({
        plays: 5,
        gross_minor: 750,
        commission_minor: 113,
        amount_minor: 637,
      });
    });

    it('refuses a period without plays, a reversed period and a screen and an outlet together', async () => {
      const empty = await call('POST', '/api/screen-payout', admin, {
        screen_id: ids.screenB,
        period_start: '2026-09-01',
        period_end: '2026-09-30',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain('no plays');
      const reversed = await call('POST', '/api/screen-payout', admin, {
        screen_id: ids.screenB,
        period_start: '2026-09-30',
        period_end: '2026-09-01',
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toContain('period_end');
      const both = await call('POST', '/api/screen-payout', admin, {
        screen_id: ids.screenB,
        outlet_id: ids.outlet,
        ...october,
      });
      expect(both.statusCode).toBe(400);
    });

    it('lists payouts in the order asked for, and names the allowed fields for an unknown one', async () => {
      const amounts = async (sort: string) => {
        const response = await call('GET', `/api/screen-payout?outlet_id=${ids.outlet}&sort=${sort}`, admin);
        expect(response.statusCode).toBe(200);
        return response.json().data.map((p: { amount_minor: number }) => p.amount_minor);
      };
      expect(await amounts('amount_minor')).toEqual([637, 892, 157_335]);
      expect(await amounts('-amount_minor')).toEqual([157_335, 892, 637]);
      const periods = await call('GET', `/api/screen-payout?outlet_id=${ids.outlet}&sort=-period_end`, admin);
      expect(periods.json().data.map((p: { period_end: string }) => p.period_end)).toEqual([
        '2026-11-10',
        '2026-10-31',
        '2026-10-31',
      ]);
      const unknown = await call('GET', '/api/screen-payout?sort=rate_minor', admin);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('sort by one of');
    });

    it('marks a payout paid once; the outlet admin reads its payouts but cannot pay', async () => {
      const list = await call('GET', `/api/screen-payout?outlet_id=${ids.outlet}&status=PENDING`, outletAdmin);
      expect(list.statusCode).toBe(200);
      const [first] = list.json().data;
      expect(first.status).toBe('PENDING');
      expect(
        (await call('POST', `/api/screen-payout/${first.id}/pay`, outletAdmin, { reference: 'X' })).statusCode,
      ).toBe(403);
      const paid = await call('POST', `/api/screen-payout/${first.id}/pay`, admin, { reference: 'NEFT-1' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().data).toMatchObject({ status: 'PAID', reference: 'NEFT-1' });
      expect(
        (await call('POST', `/api/screen-payout/${first.id}/pay`, admin, { reference: 'NEFT-2' })).statusCode,
      ).toBe(409);
      expect((await call('GET', '/api/screen-payout', companyAdmin)).statusCode).toBe(403);
    });
  });
});
