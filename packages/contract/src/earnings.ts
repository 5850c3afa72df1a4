import { z } from 'zod';

/**
 * What an outlet has earned (decision 092), base path /api/screen-payout/earnings: every figure is
 * priced by the one pricing the payout proposal uses, so the unpaid amount is the proposal an admin
 * would make today for the same days. Money is integer paise; dates are the outlet's own days.
 */
export const earningsQuerySchema = z.object({ outlet_id: z.uuid().optional() }).strict();
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

const money = {
  plays: z.number().int(),
  gross_minor: z.number().int(),
  amount_minor: z.number().int(),
};

/** One screen's plays not yet in any payout, over its own unpaid days up to the last payable day. */
export const earningsLineSchema = z.object({
  screen_id: z.string(),
  screen_code: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  ...money,
  rate_minor: z.number().int(),
  commission_bps: z.number().int(),
  commission_minor: z.number().int(),
});

/**
 * One day's earnings: each screen's payout worked out through the day, less through the day before,
 * so the days add up to the payout exactly. `payable`: the day is over in the outlet's time zone.
 */
export const earningsDaySchema = z.object({ date: z.string(), ...money, payable: z.boolean() });

export const NEXT_PAYOUT_STATES = ['RECORDED', 'PAYABLE', 'NOTHING_YET'] as const;

export const outletEarningsSchema = z.object({
  outlet_id: z.string(),
  outlet_name: z.string(),
  timezone: z.string(),
  currency: z.string(),
  commission_bps: z.number().int(),
  /** The outlet's today, and the last day a payout may end on (the day before it, decision 050). */
  today: z.string(),
  last_payable_day: z.string(),
  /** The last day any payout of its screens covers; null before the first payout. */
  last_period_end: z.string().nullable(),
  /** Earned since the last payout period, up to the last payable day: what a payout made now pays. */
  unpaid: z.object({
    period_start: z.string().nullable(),
    period_end: z.string(),
    ...money,
    commission_minor: z.number().int(),
    lines: z.array(earningsLineSchema),
  }),
  /** Today's plays so far: earned, payable from tomorrow. */
  today_so_far: z.object({ date: z.string(), ...money }),
  /** Each unpaid day with plays, today's included, oldest first. */
  days: z.array(earningsDaySchema),
  /** Payouts recorded and paid (status PAID). */
  paid: z.object({ amount_minor: z.number().int(), payouts: z.number().int(), last_paid_at: z.string().nullable() }),
  /** Payouts recorded, not yet paid (status PENDING). */
  recorded: z.object({
    amount_minor: z.number().int(),
    payouts: z.number().int(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
  }),
  /**
   * The next payout: one recorded and awaiting payment; else the unpaid days, payable now; else
   * nothing yet. `expected_from`: payouts are monthly, so the month's plays are paid from the 1st of
   * the next month (the outlet's).
   */
  next_payout: z.object({
    state: z.enum(NEXT_PAYOUT_STATES),
    amount_minor: z.number().int(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    expected_from: z.string().nullable(),
  }),
});
export type OutletEarnings = z.infer<typeof outletEarningsSchema>;

export const earningsResponseSchema = z.object({ data: z.array(outletEarningsSchema) });
