import type { EarningsQuery, OutletEarnings } from '@adloop/contract/earnings';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { dayInZone, lastPayableDay } from '@adloop/contract/payout-period';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { outlets, playRollupsScreenDaily, screenPayouts, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { reachesAll, scopedByOutlet } from '../../lib/scope.ts';
import { payoutWorking } from './payout-math.ts';
import { type PricedDay, payoutLineOf, pricedDays } from './payout-pricing.ts';
import { type CoveredScreen, coveredColumns } from './payout-target.ts';

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The 1st of the month after `day`'s. */
const firstOfNextMonth = (day: string) => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/** Where each screen's unpaid days begin: the day after its last payout period, else the outlet's first play. */
async function unpaidStarts(ctx: ServiceContext, screenIds: string[]) {
  const { db } = ctx;
  if (screenIds.length === 0) return new Map<string, string>();
  const [covered, played] = await Promise.all([
    db
      .select({ screenId: screenPayouts.screenId, end: sql<string>`max(${screenPayouts.periodEnd})::text` })
      .from(screenPayouts)
      .where(inArray(screenPayouts.screenId, screenIds))
      .groupBy(screenPayouts.screenId),
    db
      .select({
        screenId: playRollupsScreenDaily.screenId,
        first: sql<string>`min(${playRollupsScreenDaily.playDate})::text`,
      })
      .from(playRollupsScreenDaily)
      .where(inArray(playRollupsScreenDaily.screenId, screenIds))
      .groupBy(playRollupsScreenDaily.screenId),
  ]);
  // Screens never paid start together, on the outlet's first play: one proposal pays them all.
  const firstPlay = played.map((row) => row.first).sort()[0];
  const starts = new Map<string, string>();
  if (firstPlay) for (const id of screenIds) starts.set(id, firstPlay);
  for (const row of covered) starts.set(row.screenId, shiftDay(row.end, 1));
  return starts;
}

/**
 * Each screen's payout worked out through each of its days, less through the day before: what
 * each day added to what the outlet is owed, so the days add up to the payout to the paisa
 * (the commission is rounded once on a period's gross, decision 050).
 */
function earnedPerDay(screensOf: readonly CoveredScreen[], days: readonly PricedDay[], lastPayable: string) {
  const perDate = new Map<string, { plays: number; gross_minor: number; amount_minor: number }>();
  for (const screen of screensOf) {
    let gross = 0;
    let amount = 0;
    for (const day of days.filter((one) => one.screenId === screen.screenId)) {
      gross += day.grossMinor;
      const through = payoutWorking(gross, screen.commissionBps).amount_minor;
      const sum = perDate.get(day.date) ?? { plays: 0, gross_minor: 0, amount_minor: 0 };
      sum.plays += day.plays;
      sum.gross_minor += day.grossMinor;
      sum.amount_minor += through - amount;
      perDate.set(day.date, sum);
      amount = through;
    }
  }
  return [...perDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, sum]) => ({ date, ...sum, payable: date <= lastPayable }));
}

/** The payouts of an outlet's screens by status: recorded and awaiting payment, and paid. */
async function payoutsOf(ctx: ServiceContext, outletId: string) {
  const rows = await ctx.db
    .select({
      status: screenPayouts.status,
      amount: sql<string>`coalesce(sum(${screenPayouts.amountMinor}), 0)::text`,
      payouts: sql<number>`count(*)::int`,
      start: sql<string | null>`min(${screenPayouts.periodStart})::text`,
      end: sql<string | null>`max(${screenPayouts.periodEnd})::text`,
      lastPaidAt: sql<string | null>`max(${screenPayouts.paidAt})::text`,
    })
    .from(screenPayouts)
    .where(eq(screenPayouts.outletId, outletId))
    .groupBy(screenPayouts.status);
  const of = (status: 'PENDING' | 'PAID') => rows.find((row) => row.status === status);
  const ends = rows.flatMap((row) => (row.end ? [row.end] : [])).sort();
  return { recorded: of('PENDING'), paid: of('PAID'), lastPeriodEnd: ends.at(-1) ?? null };
}

async function earningsOf(
  ctx: ServiceContext,
  outlet: { id: string; name: string; timezone: string; commissionBps: number },
  now: Date,
): Promise<OutletEarnings> {
  const { db } = ctx;
  const today = dayInZone(outlet.timezone, now);
  const lastPayable = lastPayableDay(outlet.timezone, now);
  const covered = await db
    .select(coveredColumns)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.outletId, outlet.id))
    .orderBy(asc(screens.screenCode));
  const [starts, payouts] = await Promise.all([
    unpaidStarts(
      ctx,
      covered.map((screen) => screen.screenId),
    ),
    payoutsOf(ctx, outlet.id),
  ]);
  // Screens whose unpaid days begin on the same day are priced together, as one proposal prices them.
  const byStart = new Map<string, CoveredScreen[]>();
  for (const screen of covered) {
    const start = starts.get(screen.screenId);
    if (start && start <= today) byStart.set(start, [...(byStart.get(start) ?? []), screen]);
  }
  const priced = await Promise.all(
    [...byStart].map(async ([start, group]) => ({
      start,
      group,
      days: await pricedDays(
        db,
        group.map((screen) => screen.screenId),
        start,
        today,
      ),
    })),
  );

  const lines = priced.flatMap(({ start, group, days }) =>
    start > lastPayable
      ? []
      : group.map((screen) => {
          const line = payoutLineOf(
            screen,
            days.filter((day) => day.date <= lastPayable),
          );
          return {
            screen_id: line.screen_id,
            screen_code: line.screen_code,
            period_start: start,
            period_end: lastPayable,
            plays: line.plays,
            rate_minor: line.rate_minor,
            gross_minor: line.gross_minor,
            commission_bps: line.commission_bps,
            commission_minor: line.commission_minor,
            amount_minor: line.amount_minor,
          };
        }),
  );
  const days = priced.flatMap(({ group, days: screenDays }) => earnedPerDay(group, screenDays, lastPayable));
  const perDate = new Map<string, (typeof days)[number]>();
  for (const day of days) {
    const sum = perDate.get(day.date);
    perDate.set(
      day.date,
      sum
        ? {
            ...sum,
            plays: sum.plays + day.plays,
            gross_minor: sum.gross_minor + day.gross_minor,
            amount_minor: sum.amount_minor + day.amount_minor,
          }
        : day,
    );
  }
  const earnedDays = [...perDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const sum = <K extends 'plays' | 'gross_minor' | 'commission_minor' | 'amount_minor'>(
    rows: ReadonlyArray<Record<K, number>>,
    key: K,
  ) => rows.reduce((total, row) => total + row[key], 0);
  const todays = earnedDays.filter((day) => !day.payable);
  const unpaidAmount = sum(lines, 'amount_minor');
  const periodStart = lines.map((line) => line.period_start).sort()[0] ?? null;
  const recordedAmount = Number(payouts.recorded?.amount ?? 0);

  return {
    outlet_id: outlet.id,
    outlet_name: outlet.name,
    timezone: outlet.timezone,
    currency: DEFAULT_CURRENCY,
    commission_bps: outlet.commissionBps,
    today,
    last_payable_day: lastPayable,
    last_period_end: payouts.lastPeriodEnd,
    unpaid: {
      period_start: periodStart,
      period_end: lastPayable,
      plays: sum(lines, 'plays'),
      gross_minor: sum(lines, 'gross_minor'),
      commission_minor: sum(lines, 'commission_minor'),
      amount_minor: unpaidAmount,
      lines,
    },
    today_so_far: {
      date: today,
      plays: sum(todays, 'plays'),
      gross_minor: sum(todays, 'gross_minor'),
      amount_minor: sum(todays, 'amount_minor'),
    },
    days: earnedDays,
    paid: {
      amount_minor: Number(payouts.paid?.amount ?? 0),
      payouts: payouts.paid?.payouts ?? 0,
      last_paid_at: payouts.paid?.lastPaidAt ? new Date(payouts.paid.lastPaidAt).toISOString() : null,
    },
    recorded: {
      amount_minor: recordedAmount,
      payouts: payouts.recorded?.payouts ?? 0,
      period_start: payouts.recorded?.start ?? null,
      period_end: payouts.recorded?.end ?? null,
    },
    next_payout:
      recordedAmount > 0
        ? {
            state: 'RECORDED',
            amount_minor: recordedAmount,
            period_start: payouts.recorded?.start ?? null,
            period_end: payouts.recorded?.end ?? null,
            expected_from: null,
          }
        : {
            state: unpaidAmount > 0 ? 'PAYABLE' : 'NOTHING_YET',
            amount_minor: unpaidAmount,
            period_start: periodStart,
            period_end: periodStart ? lastPayable : null,
            expected_from: firstOfNextMonth(today),
          },
  };
}

/**
 * What each of the caller's outlets has earned (decision 092): since its last payout period,
 * priced by the payout proposal's own pricing, per day; what was paid and recorded; and the next
 * payout. Outlet staff read their outlets'; a global admin names one outlet.
 */
export async function outletEarnings(
  ctx: ServiceContext,
  query: EarningsQuery,
  now = new Date(),
): Promise<OutletEarnings[]> {
  const { db, caller } = ctx;
  if (reachesAll(ctx.caller) && !query.outlet_id) {
    throw badRequest('Choose an outlet to see its earnings', [{ path: 'outlet_id', message: 'Choose an outlet' }]);
  }
  const rows = await db
    .select({ id: outlets.id, name: outlets.name, timezone: outlets.timezone, commissionBps: outlets.commissionBps })
    .from(outlets)
    .where(and(scopedByOutlet(caller, outlets.id), query.outlet_id ? eq(outlets.id, query.outlet_id) : undefined))
    .orderBy(asc(outlets.name));
  if (query.outlet_id && rows.length === 0) throw notFound('Outlet');
  return Promise.all(rows.map((outlet) => earningsOf(ctx, outlet, now)));
}
