import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Decision 092: a venue reads what it has earned. Its earnings since the last payout period are
 * priced by the payout proposal's own pricing, so they equal the proposal an admin would make for
 * the same days, screen by screen; the days add up to it; today is earned but not yet payable;
 * recorded and paid payouts move the money out of "unpaid". Kolkata keeps one offset all year, so
 * its days are read from a fixed offset, not from the rule's own code.
 */
const DAY_MS = 86_400_000;
const kolkataDay = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * DAY_MS).toISOString().slice(0, 10);

describe.each(databaseKinds)('outlet earnings on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);
  let admin: string;
  let outletAdmin: string;
  let ad: { id: string; companyId: string };
  let outletId: string;
  let otherOutletId: string;
  const screen = { front: { id: '', outletId: '' }, back: { id: '', outletId: '' } };

  /** Plays of the given prices on the screen's date `date` (its outlet's day). */
  async function played(on: { id: string; outletId: string }, date: string, prices: number[]) {
    await t.db.insert(playbackLogs).values(
      prices.map((priceMinor, n) => ({
        id: randomUUID(),
        adId: ad.id,
        screenId: on.id,
        companyId: ad.companyId,
        outletId: on.outletId,
        playedAt: new Date(Date.now() - DAY_MS + n * 10_000),
        playDate: date,
        playTime: '10:00:00',
        priceMinor,
      })),
    );
  }

  const earnings = async (token: string, query = '') => {
    const response = await call('GET', `/api/screen-payout/earnings${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const propose = async (target: Record<string, string>) => {
    const response = await call('GET', `/api/screen-payout/proposal?${new URLSearchParams(target)}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    ad = await createAd(t.db, (await createCompany(t.db)).id);
    outletId = (await createOutlet(t.db, { name: 'Chai Point', timezone: 'Asia/Kolkata', commissionBps: 1500 })).id;
    otherOutletId = (await createOutlet(t.db, { timezone: 'Asia/Kolkata' })).id;
    screen.front = { id: (await createScreen(t.db, outletId, { screenCode: 'CHAI-FRONT' })).id, outletId };
    screen.back = { id: (await createScreen(t.db, outletId, { screenCode: 'CHAI-BACK' })).id, outletId };
    await played(screen.front, kolkataDay(-3), [150, 150, 225]);
    await played(screen.front, kolkataDay(-2), [188, 150]);
    await played(screen.back, kolkataDay(-2), [300, 300, 300]);
    await played(screen.back, kolkataDay(-1), [150]);
    await played(screen.front, kolkataDay(0), [225, 225]);
    const otherScreen = await createScreen(t.db, otherOutletId);
    await played({ id: otherScreen.id, outletId: otherOutletId }, kolkataDay(-1), [999]);
    await rebuildRollups(t.db);
    admin = await signInAs(t);
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outletId] });
  });

  it('earned since the last payout equals the proposal an admin would make for those days, line by line', async () => {
    const [mine, ...others] = await earnings(outletAdmin);
    expect(others).toEqual([]);
    const period = { period_start: kolkataDay(-3), period_end: kolkataDay(-1) };
    const proposal = await propose({ outlet_id: outletId, ...period });
    expect(mine).toMatchObject({
      outlet_id: outletId,
      outlet_name: 'Chai Point',
      timezone: 'Asia/Kolkata',
      today: kolkataDay(0),
      last_payable_day: kolkataDay(-1),
      last_period_end: null,
      unpaid: { ...period, amount_minor: proposal.total_minor },
      next_payout: { state: 'PAYABLE', amount_minor: proposal.total_minor, ...period },
    });
    // front: 863 gross, 15 % = 129.45 → 129, 734; back: 1,050, 157.5 → 158, 892.
    expect(proposal.total_minor).toBe(734 + 892);
    for (const line of proposal.lines) {
      expect(mine.unpaid.lines).toContainEqual(
        expect.objectContaining({
          screen_id: line.screen_id,
          ...period,
          plays: line.plays,
          gross_minor: line.gross_minor,
          commission_minor: line.commission_minor,
          amount_minor: line.amount_minor,
        }),
      );
    }
  });

  it('says what each day earned, the days adding up to the payout to the paisa, and today apart', async () => {
    const [mine] = await earnings(outletAdmin);
    expect(mine.days.map((day: { date: string }) => day.date)).toEqual([
      kolkataDay(-3),
      kolkataDay(-2),
      kolkataDay(-1),
      kolkataDay(0),
    ]);
    const payable = mine.days.filter((day: { payable: boolean }) => day.payable);
    expect(payable.reduce((sum: number, day: { amount_minor: number }) => sum + day.amount_minor, 0)).toBe(
      mine.unpaid.amount_minor,
    );
    expect(payable.reduce((sum: number, day: { plays: number }) => sum + day.plays, 0)).toBe(mine.unpaid.plays);
    // Today: 450 gross on the front screen, whose payout through today is 1,313 − 197 = 1,116 against 734.
    expect(mine.today_so_far).toEqual({ date: kolkataDay(0), plays: 2, gross_minor: 450, amount_minor: 1116 - 734 });
    expect(mine.days.at(-1)).toEqual({
      date: kolkataDay(0),
      plays: 2,
      gross_minor: 450,
      amount_minor: 382,
      payable: false,
    });
  });

  it('a recorded payout is the next one until paid, then counts as paid; unpaid starts the day after it', async () => {
    const first = { outlet_id: outletId, period_start: kolkataDay(-3), period_end: kolkataDay(-2) };
    const created = await call('POST', '/api/screen-payout', admin, first);
    expect(created.statusCode, created.body).toBe(201);
    const recordedMinor = created
      .json()
      .data.reduce((sum: number, row: { amount_minor: number }) => sum + row.amount_minor, 0);

    const [recorded] = await earnings(outletAdmin);
    const rest = await propose({ outlet_id: outletId, period_start: kolkataDay(-1), period_end: kolkataDay(-1) });
    expect(recorded).toMatchObject({
      last_period_end: kolkataDay(-2),
      unpaid: { period_start: kolkataDay(-1), period_end: kolkataDay(-1), amount_minor: rest.total_minor },
      recorded: {
        amount_minor: recordedMinor,
        payouts: 2,
        period_start: first.period_start,
        period_end: first.period_end,
      },
      paid: { amount_minor: 0, payouts: 0, last_paid_at: null },
      next_payout: { state: 'RECORDED', amount_minor: recordedMinor, period_start: first.period_start },
    });
    // The back screen's 150: 15 % = 22.5 → 23, 127; the front screen played nothing that day.
    expect(rest.total_minor).toBe(127);

    for (const payout of created.json().data) {
      const paid = await call('POST', `/api/screen-payout/${payout.id}/pay`, admin, { reference: 'UTR-092' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const [settled] = await earnings(outletAdmin);
    expect(settled).toMatchObject({
      recorded: { amount_minor: 0, payouts: 0 },
      paid: { amount_minor: recordedMinor, payouts: 2, last_paid_at: expect.any(String) },
      next_payout: { state: 'PAYABLE', amount_minor: rest.total_minor, period_start: kolkataDay(-1) },
    });
  });

  it('a screen paid further than the others has its own unpaid days, each priced as its own proposal', async () => {
    const paid = await call('POST', '/api/screen-payout', admin, {
      screen_id: screen.back.id,
      period_start: kolkataDay(-1),
      period_end: kolkataDay(-1),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [mine] = await earnings(outletAdmin);
    const front = await propose({
      screen_id: screen.front.id,
      period_start: kolkataDay(-1),
      period_end: kolkataDay(-1),
    });
    expect(mine.unpaid.lines).toEqual([
      expect.objectContaining({ screen_id: screen.front.id, amount_minor: front.total_minor, plays: 0 }),
    ]);
    expect(mine.unpaid.amount_minor).toBe(0);
    expect(mine.next_payout).toMatchObject({ state: 'RECORDED' });
  });

  it('reads only the caller’s outlets: employees and advertisers are refused, a global admin names one', async () => {
    const otherAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [otherOutletId] });
    const theirs = await earnings(otherAdmin);
    expect(theirs.map((row: { outlet_id: string }) => row.outlet_id)).toEqual([otherOutletId]);
    expect((await call('GET', `/api/screen-payout/earnings?outlet_id=${outletId}`, otherAdmin)).statusCode).toBe(404);
    const employee = await signInAs(t, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    expect((await call('GET', '/api/screen-payout/earnings', employee)).statusCode).toBe(403);
    const advertiser = await signInAs(t, 'COMPANY_ADMIN', { companyId: ad.companyId });
    expect((await call('GET', '/api/screen-payout/earnings', advertiser)).statusCode).toBe(403);
    expect((await call('GET', '/api/screen-payout/earnings')).statusCode).toBe(401);
    const unnamed = await call('GET', '/api/screen-payout/earnings', admin);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details[0].path).toBe('outlet_id');
    const named = await earnings(admin, `?outlet_id=${otherOutletId}`);
    expect(named).toEqual(theirs);
  });
});
