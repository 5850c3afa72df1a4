import { lastPayableDay, periodReachesTodayMessage } from '@adloop/contract/payout-period';
import { and, eq } from 'drizzle-orm';
import { outlets, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { scopedByOutlet } from '../../lib/scope.ts';

export interface PayoutTarget {
  screen_id?: string;
  outlet_id?: string;
  period_start: string;
  period_end: string;
}

/** A screen a payout covers, with its outlet and the outlet's commission. */
export interface CoveredScreen {
  screenId: string;
  screenCode: string;
  outletId: string;
  outletName: string;
  outletCode: string;
  commissionBps: number;
}

export const coveredColumns = {
  screenId: screens.id,
  screenCode: screens.screenCode,
  outletId: outlets.id,
  outletName: outlets.name,
  outletCode: outlets.outletCode,
  commissionBps: outlets.commissionBps,
};

/** The screen named, or every screen of the outlet named, with the outlet's time zone; 404 naming an unknown one. */
async function payeeOf(ctx: ServiceContext, target: PayoutTarget) {
  const { db, caller } = ctx;
  if (target.screen_id) {
    const rows = await db
      .select({ ...coveredColumns, timeZone: outlets.timezone })
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(and(scopedByOutlet(caller, screens.outletId), eq(screens.id, target.screen_id)));
    const [screen] = rows;
    if (!screen) throw notFound(`Screen ${target.screen_id}`);
    return { timeZone: screen.timeZone, screens: rows };
  }
  const outletId = target.outlet_id!;
  const [outlet] = await db
    .select({ id: outlets.id, timeZone: outlets.timezone })
    .from(outlets)
    .where(and(scopedByOutlet(caller, outlets.id), eq(outlets.id, outletId)));
  if (!outlet) throw notFound(`Outlet ${outletId}`);
  const rows = await db
    .select(coveredColumns)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.outletId, outlet.id))
    .orderBy(screens.screenCode);
  return { timeZone: outlet.timeZone, screens: rows };
}

/**
 * The screens a payout covers (an outlet without screens covers none), once the target and the
 * period pass the rules of decision 050: one screen or one outlet the caller may see, and a
 * period that ends before the outlet's today in its own time zone.
 */
export async function screensToPay(ctx: ServiceContext, target: PayoutTarget) {
  if (!target.screen_id === !target.outlet_id) {
    throw badRequest('Choose one screen or one outlet to pay', [
      { path: 'screen_id', message: 'Choose a screen or an outlet' },
    ]);
  }
  if (target.period_end < target.period_start) {
    throw badRequest("The period's end date is before its start date", [
      { path: 'period_end', message: 'Choose an end date on or after the start date' },
    ]);
  }
  const payee = await payeeOf(ctx, target);
  const lastDay = lastPayableDay(payee.timeZone);
  if (target.period_end > lastDay) {
    throw badRequest(periodReachesTodayMessage(payee.timeZone), [
      { path: 'period_end', message: `End the period on ${lastDay} or earlier, the day before today there` },
    ]);
  }
  return payee.screens;
}
