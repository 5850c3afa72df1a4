import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playbackLogs, screenPayouts } from '../src/db/schema.ts';
import { rebuildRollups } from '../src/modules/analytics/rollups.service.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Decision 050: a payout period ends before the outlet's today in its own time zone, a payout is
 * never ₹0 and never pays a screen's days twice, and an unknown screen or outlet is a 404 naming it.
 * The zones below keep one offset all year, so the test reads their days from a fixed offset, not
 * from the rule's own code.
 */
const MINUTES = { 'Asia/Kolkata': 330, 'Pacific/Kiritimati': 14 * 60, 'Pacific/Pago_Pago': -11 * 60 } as const;
type Zone = keyof typeof MINUTES;
const DAY_MS = 86_400_000;
/** The day in `zone` now, moved by `days`. */
const dayIn = (zone: Zone, days = 0) =>
  new Date(Date.now() + MINUTES[zone] * 60_000 + days * DAY_MS).toISOString().slice(0, 10);
const noRawFieldNames = /\b(period_end|period_start|screen_id|outlet_id)\b/;

describe.each(databaseKinds)('payout periods on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let outletAdmin: string;
  let ad: { id: string; companyId: string };
  const outlet: Record<'kolkata' | 'kiritimati' | 'pagoPago' | 'allCommission' | 'noScreens' | 'quiet', string> = {
    kolkata: '',
    kiritimati: '',
    pagoPago: '',
    allCommission: '',
    noScreens: '',
    quiet: '',
  };
  const screen: Record<
    'kolkataA' | 'kolkataB' | 'kiritimati' | 'kiritimatiIdle' | 'pagoPago',
    { id: string; code: string }
  > = {} as never;

  const call = staffRequests(t);
  const propose = (target: Record<string, string>, token = admin) =>
    call('GET', `/api/screen-payout/proposal?${new URLSearchParams(target)}`, token);
  const pay = (target: Record<string, string>, token = admin) => call('POST', '/api/screen-payout', token, target);
  const payoutsOf = async (outletId: string) =>
    (await t.db.select({ n: count() }).from(screenPayouts).where(eq(screenPayouts.outletId, outletId)))[0]!.n;

  /** `plays` plays of 150 paise each on the screen, on the screen's own date `date`. */
  async function played(on: { id: string; outletId: string }, date: string, plays: number) {
    await t.db.insert(playbackLogs).values(
      Array.from({ length: plays }, (_, n) => ({
        id: randomUUID(),
        adId: ad.id,
        screenId: on.id,
        companyId: ad.companyId,
        outletId: on.outletId,
        playedAt: new Date(Date.now() - DAY_MS + n * 10_000),
        playDate: date,
        playTime: '10:00:00',
        priceMinor: 150,
      })),
    );
  }

  beforeAll(async () => {
    const company = await createCompany(t.db);
    ad = await createAd(t.db, company.id);
    const outletIn = async (timezone: Zone, commissionBps = 1500) =>
      (await createOutlet(t.db, { timezone, commissionBps })).id;
    outlet.kolkata = await outletIn('Asia/Kolkata');
    outlet.kiritimati = await outletIn('Pacific/Kiritimati');
    outlet.pagoPago = await outletIn('Pacific/Pago_Pago');
    outlet.allCommission = await outletIn('Asia/Kolkata', 10_000);
    outlet.noScreens = await outletIn('Asia/Kolkata');
    outlet.quiet = await outletIn('Asia/Kolkata');
    const screenOf = async (outletId: string) => {
      const row = await createScreen(t.db, outletId);
      return { id: row.id, code: row.screenCode, outletId };
    };
    const kolkataA = await screenOf(outlet.kolkata);
    const kolkataB = await screenOf(outlet.kolkata);
    const kiritimati = await screenOf(outlet.kiritimati);
    const kiritimatiIdle = await screenOf(outlet.kiritimati);
    const pagoPago = await screenOf(outlet.pagoPago);
    const allCommission = await screenOf(outlet.allCommission);
    await screenOf(outlet.quiet);
    Object.assign(screen, { kolkataA, kolkataB, kiritimati, kiritimatiIdle, pagoPago });

    await played(kolkataA, dayIn('Asia/Kolkata', -1), 5);
    await played(kolkataA, dayIn('Asia/Kolkata'), 3);
    await played(kolkataB, dayIn('Asia/Kolkata', -1), 2);
    // Screens whose clocks say it is still Pago Pago's today: a day (or two) before Kiritimati's.
    await played(kiritimati, dayIn('Pacific/Pago_Pago'), 4);
    await played(pagoPago, dayIn('Pacific/Pago_Pago'), 4);
    await played(allCommission, dayIn('Asia/Kolkata', -1), 6);
    await rebuildRollups(t.db);

    admin = await signInAs(t);
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlet.kolkata] });
  });

  it("refuses a period that reaches the outlet's today, for a screen and an outlet, naming period_end in plain words", async () => {
    const message =
      "A payout period must end before today in the outlet's time zone (Asia/Kolkata): plays later today are not in it yet";
    const targets: Array<Record<string, string>> = [{ screen_id: screen.kolkataA.id }, { outlet_id: outlet.kolkata }];
    for (const target of targets) {
      for (const periodEnd of [dayIn('Asia/Kolkata'), dayIn('Asia/Kolkata', 1), dayIn('Asia/Kolkata', 40)]) {
        const period = { period_start: dayIn('Asia/Kolkata', -7), period_end: periodEnd };
        for (const response of [await propose({ ...target, ...period }), await pay({ ...target, ...period })]) {
          expect(response.statusCode, response.body).toBe(400);
          const body = response.json();
          expect(body).toMatchObject({ message, code: 'BAD_REQUEST' });
          expect(body.details).toEqual([
            {
              path: 'period_end',
              message: `End the period on ${dayIn('Asia/Kolkata', -1)} or earlier, the day before today there`,
            },
          ]);
          expect(body.message).not.toMatch(noRawFieldNames);
        }
      }
    }
    expect(await payoutsOf(outlet.kolkata)).toBe(0);

    // Ending yesterday, the outlet is paid yesterday's plays; today's wait for a later period.
    const created = await pay({
      outlet_id: outlet.kolkata,
      period_start: dayIn('Asia/Kolkata', -7),
      period_end: dayIn('Asia/Kolkata', -1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const byCode = Object.fromEntries(
      created.json().data.map((payout: { screen: { screen_code: string } }) => [payout.screen.screen_code, payout]),
    );
    // 5 × 150 = 750; 15 % = 112.5 → 113; 2 × 150 = 300; 15 % = 45.
    expect(byCode[screen.kolkataA.code]).toMatchObject({
      plays: 5,
      gross_minor: 750,
      commission_minor: 113,
      amount_minor: 637,
    });
    expect(byCode[screen.kolkataB.code]).toMatchObject({
      plays: 2,
      gross_minor: 300,
      commission_minor: 45,
      amount_minor: 255,
    });
  });

  it("reads today in the outlet's own time zone, not the server's or the screen's", async () => {
    const day = dayIn('Pacific/Pago_Pago');
    // Kiritimati is 25 hours ahead of Pago Pago: Pago Pago's today is always a past day there.
    const ahead = await propose({ outlet_id: outlet.kiritimati, period_start: day, period_end: day });
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json().data.total_minor).toBe(510);
    const behind = await propose({ outlet_id: outlet.pagoPago, period_start: day, period_end: day });
    expect(behind.statusCode).toBe(400);
    expect(behind.json().message).toContain('(Pacific/Pago_Pago)');
    expect(behind.json().details[0].path).toBe('period_end');
  });

  it('never records a payout of ₹0: no screens, no plays, or a commission that takes everything', async () => {
    const yesterday = { period_start: dayIn('Asia/Kolkata', -3), period_end: dayIn('Asia/Kolkata', -1) };
    const allTaken = await propose({ outlet_id: outlet.allCommission, ...yesterday });
    expect(allTaken.json().data).toMatchObject({
      total_minor: 0,
      lines: [{ plays: 6, gross_minor: 900, amount_minor: 0 }],
    });
    const cases: Array<[string, string]> = [
      [outlet.allCommission, "AdLoop's commission takes the whole value of these plays"],
      [outlet.quiet, 'There were no plays in this period, so there is nothing to pay'],
      [outlet.noScreens, 'This outlet has no screens, so there is nothing to pay'],
    ];
    for (const [outletId, reason] of cases) {
      const refused = await pay({ outlet_id: outletId, ...yesterday });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(reason);
      expect(refused.json().message).not.toMatch(noRawFieldNames);
      expect(await payoutsOf(outletId)).toBe(0);
    }
    const none = await propose({ outlet_id: outlet.noScreens, ...yesterday });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ lines: [], total_minor: 0 });

    // An outlet's payout records only the screens with something to pay.
    const day = dayIn('Pacific/Pago_Pago');
    const created = await pay({ outlet_id: outlet.kiritimati, period_start: day, period_end: day });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual([
      expect.objectContaining({
        screen: { id: screen.kiritimati.id, screen_code: screen.kiritimati.code },
        amount_minor: 510,
      }),
    ]);
  });

  it('refuses days already paid, by screen or by outlet, and records nothing', async () => {
    const before = await payoutsOf(outlet.kolkata);
    const yesterday = dayIn('Asia/Kolkata', -1);
    const again = [
      await pay({ screen_id: screen.kolkataB.id, period_start: yesterday, period_end: yesterday }),
      await pay({
        outlet_id: outlet.kolkata,
        period_start: dayIn('Asia/Kolkata', -30),
        period_end: dayIn('Asia/Kolkata', -7),
      }),
    ];
    for (const refused of again) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(/^Screen \S+ already has a payout for \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
      expect(refused.json().message).toContain('a period is never paid twice');
    }
    expect(await payoutsOf(outlet.kolkata)).toBe(before);
    const flagged = await propose({ outlet_id: outlet.kolkata, period_start: yesterday, period_end: yesterday });
    expect(flagged.json().data.total_minor).toBe(0);
    expect(flagged.json().data.lines.every((line: { already_paid: boolean }) => line.already_paid)).toBe(true);
    // The idle screen of the Kiritimati outlet had no payout: its own period is still open, but worth ₹0.
    const day = dayIn('Pacific/Pago_Pago');
    const idle = await pay({ screen_id: screen.kiritimatiIdle.id, period_start: day, period_end: day });
    expect(idle.statusCode).toBe(400);
    expect(idle.json().message).toContain('no plays');
  });

  it('answers 404 naming an unknown screen or outlet, 400 for both or neither, and 403 to outlet staff', async () => {
    const period = { period_start: dayIn('Asia/Kolkata', -3), period_end: dayIn('Asia/Kolkata', -1) };
    const unknown = randomUUID();
    for (const [target, message] of [
      [{ screen_id: unknown }, `Screen ${unknown} not found`],
      [{ outlet_id: unknown }, `Outlet ${unknown} not found`],
    ] as const) {
      for (const response of [await propose({ ...target, ...period }), await pay({ ...target, ...period })]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message, code: 'NOT_FOUND' });
      }
    }
    const both = await propose({ screen_id: screen.kolkataA.id, outlet_id: outlet.kolkata, ...period });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Choose one screen or one outlet to pay');
    expect((await propose(period)).statusCode).toBe(400);
    expect((await pay(period)).statusCode).toBe(400);
    expect((await propose({ outlet_id: outlet.kolkata, ...period }, outletAdmin)).statusCode).toBe(403);
    expect((await pay({ outlet_id: outlet.kolkata, ...period }, outletAdmin)).statusCode).toBe(403);
  });
});
