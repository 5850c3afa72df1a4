import { z } from 'zod';
import { calendarDate, listQueryBase, rangeCapIssue, rangeWithinCap } from './common.ts';
import { DEFAULT_CURRENCY } from './formats.ts';

const dateString = calendarDate();
const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code');
/** Money is integer minor units (paise for INR), never floating point (docs/design.md §4). */
const minorUnits = z
  .number()
  .int('Amount must be whole minor units (paise)')
  .min(1, 'Amount must be positive')
  .max(1_000_000_000_00, 'Amount is too large');

/** How an advertiser pays: what billing staff record by hand. */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'UPI', 'CARD', 'CASH', 'CHEQUE', 'OTHER'] as const;
/** A transaction's method: a payment's, or CREDIT, written only by settling a campaign's shortfall (decision 086). */
export const TRANSACTION_METHODS = [...PAYMENT_METHODS, 'CREDIT'] as const;
export const TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'REFUNDED'] as const;

/** Money an advertiser paid or owes, base path /api/ad-transaction. */
export const adTransactionSchema = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  ad: z.object({ id: z.string(), title: z.string() }).nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  method: z.enum(TRANSACTION_METHODS),
  reference: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  transacted_at: z.string(),
  created_at: z.string(),
});
export type AdTransaction = z.infer<typeof adTransactionSchema>;

export const adTransactionCreateSchema = z
  .object({
    company_id: z.uuid('Choose a company'),
    ad_id: z.uuid('Choose an ad').nullable().optional(),
    amount_minor: minorUnits,
    currency: currencySchema.default(DEFAULT_CURRENCY),
    method: z.enum(PAYMENT_METHODS, 'Choose a payment method'),
    reference: z.string().trim().max(120).nullable().optional(),
    status: z.enum(TRANSACTION_STATUSES).default('PENDING'),
    transacted_at: z.iso.datetime({ offset: true, message: 'Date must be an ISO 8601 timestamp' }),
  })
  .strict();
export type AdTransactionCreate = z.infer<typeof adTransactionCreateSchema>;

export const adTransactionUpdateSchema = z
  .object({ status: z.enum(TRANSACTION_STATUSES), reference: z.string().trim().max(120).nullable().optional() })
  .strict();

export const adTransactionListQuerySchema = z
  .object({
    ...listQueryBase,
    company_id: z.uuid().optional(),
    status: z.enum(TRANSACTION_STATUSES).optional(),
    from: dateString.optional(),
    to: dateString.optional(),
  })
  .strict();

/** Totals per company and currency over a period (from/to inclusive dates). */
export const adTransactionTotalsSchema = z.object({
  data: z.array(
    z.object({
      company_id: z.string(),
      company_name: z.string(),
      currency: z.string(),
      completed_minor: z.number().int(),
      pending_minor: z.number().int(),
      refunded_minor: z.number().int(),
      failed_minor: z.number().int(),
      count: z.number().int(),
    }),
  ),
});
export const adTransactionTotalsQuerySchema = z
  .object({ company_id: z.uuid().optional(), from: dateString.optional(), to: dateString.optional() })
  .strict();

export const PAYOUT_STATUSES = ['PENDING', 'PAID'] as const;

/** A payout's plays and money: gross at the rate card, the commission taken, the amount paid. */
const payoutAmounts = {
  plays: z.number().int(),
  rate_minor: z.number().int(),
  gross_minor: z.number().int(),
  commission_bps: z.number().int(),
  commission_minor: z.number().int(),
  amount_minor: z.number().int(),
};

/**
 * What an outlet earns for a screen over a period, base path /api/screen-payout. `rate_minor` is
 * the average price of a play over the period (decision 033); the gross is the plays' own prices.
 */
export const screenPayoutSchema = z.object({
  id: z.string(),
  screen: z.object({ id: z.string(), screen_code: z.string() }),
  outlet: z.object({ id: z.string(), name: z.string(), outlet_code: z.string() }),
  period_start: z.string(),
  period_end: z.string(),
  ...payoutAmounts,
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScreenPayout = z.infer<typeof screenPayoutSchema>;

/** A payout's screen or outlet and its period (dates inclusive). */
const payoutPeriodFields = {
  screen_id: z.uuid().optional(),
  outlet_id: z.uuid().optional(),
  period_start: dateString,
  period_end: dateString,
};

/** A period ends on or after its start and spans no more than the range cap. */
function checkedPeriod<T extends z.ZodType<{ period_start: string; period_end: string }>>(schema: T) {
  return schema
    .refine((value) => value.period_end >= value.period_start, {
      message: 'The period must end on or after its start',
      path: ['period_end'],
    })
    .refine((value) => rangeWithinCap(value.period_start, value.period_end), rangeCapIssue('period_end'));
}

/**
 * A payout for one screen, or for every screen of an outlet, over a period (dates inclusive).
 * The server computes the amount from the plays of the period (see the proposal).
 */
export const screenPayoutCreateSchema = checkedPeriod(
  z
    .object({
      ...payoutPeriodFields,
      currency: currencySchema.default(DEFAULT_CURRENCY),
      reference: z.string().trim().max(120).nullable().optional(),
    })
    .strict()
    .refine((value) => Boolean(value.screen_id) !== Boolean(value.outlet_id), {
      message: 'Choose a screen or an outlet',
      path: ['screen_id'],
    }),
);
export type ScreenPayoutCreate = z.infer<typeof screenPayoutCreateSchema>;

export const screenPayoutProposalQuerySchema = checkedPeriod(z.object(payoutPeriodFields).strict());

/**
 * One line of a proposal: gross = the sum of the plays' prices by the rate card (decision 033);
 * gross × commission = commission; the rest is paid. `rate_minor` is the average price of a play
 * (gross / plays, rounded half up), shown for reference only.
 */
export const payoutLineSchema = z.object({
  screen_id: z.string(),
  screen_code: z.string(),
  outlet_id: z.string(),
  outlet_name: z.string(),
  ...payoutAmounts,
  already_paid: z.boolean(),
});
export const screenPayoutProposalSchema = z.object({
  data: z.object({
    lines: z.array(payoutLineSchema),
    total_minor: z.number().int(),
    currency: z.string(),
    rounding: z.string(),
  }),
});
export type ScreenPayoutProposal = z.infer<typeof screenPayoutProposalSchema>['data'];

export const screenPayoutPaySchema = z
  .object({
    reference: z.string().trim().min(1, 'A payment reference is required').max(120),
    paid_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const screenPayoutListQuerySchema = z
  .object({
    ...listQueryBase,
    outlet_id: z.uuid().optional(),
    screen_id: z.uuid().optional(),
    status: z.enum(PAYOUT_STATUSES).optional(),
  })
  .strict();

/**
 * What advertisers' plays cost at the rate card over a period (dates inclusive, each play's date on
 * its outlet's clock), beside what they paid (completed transactions dated in the period, UTC days)
 * — base path /api/ad-transaction/spend (decision 033). Without `from` and `to`, all time: the same
 * period as the transactions list beside it (decision 092).
 */
export const spendQuerySchema = z
  .object({ company_id: z.uuid().optional(), from: dateString.optional(), to: dateString.optional() })
  .strict()
  .refine((value) => (value.from === undefined) === (value.to === undefined), {
    message: 'Give both ends of the period, or neither for all time',
    path: ['to'],
  })
  .refine((value) => !value.from || !value.to || value.to >= value.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  })
  .refine((value) => !value.from || !value.to || rangeWithinCap(value.from, value.to), rangeCapIssue('to'));
export type SpendQuery = z.infer<typeof spendQuerySchema>;

export const adSpendSchema = z.object({
  ad_id: z.string(),
  title: z.string(),
  plays: z.number().int(),
  spend_minor: z.number().int(),
});
export const companySpendSchema = z.object({
  company_id: z.string(),
  company_name: z.string(),
  plays: z.number().int(),
  spend_minor: z.number().int(),
  paid_minor: z.number().int(),
  /** spend − paid: positive is owed by the advertiser, negative is credit. */
  balance_minor: z.number().int(),
  ads: z.array(adSpendSchema),
});
export const spendSchema = z.object({
  data: z.object({
    /** Null for all time. */
    from: z.string().nullable(),
    to: z.string().nullable(),
    currency: z.string(),
    companies: z.array(companySpendSchema),
    totals: z.object({
      plays: z.number().int(),
      spend_minor: z.number().int(),
      paid_minor: z.number().int(),
      balance_minor: z.number().int(),
    }),
  }),
});
export type Spend = z.infer<typeof spendSchema>['data'];
export type CompanySpend = z.infer<typeof companySpendSchema>;
