import type {
  Campaign,
  CampaignCreate,
  CampaignUpdate,
  LineItem,
  LineItemCreate,
  LineItemUpdate,
  Pacing,
} from '@adloop/contract/campaigns';
import { CAMPAIGN_NAME_MAX, PACINGS, SPOT_SECONDS_MAX } from '@adloop/contract/campaigns';
import { PINCODE_PATTERN } from '@adloop/contract/formats';
import { type AvailabilityQuery, MAX_FLIGHT_DAYS } from '@adloop/contract/inventory';
import { TIME_PATTERN } from '@adloop/contract/targeting';
import type { Control } from 'react-hook-form';
import { z } from 'zod';

/** The goals a buyer can book: impressions count only on screens with an audience estimate (decision 085). */
export const BOOKABLE_GOALS = ['PLAYS', 'BUDGET', 'IMPRESSIONS'] as const;
export type BookableGoal = (typeof BOOKABLE_GOALS)[number];

export const DEFAULT_SPOT_SECONDS = 10;
const DEFAULT_FLIGHT_DAYS = 7;
const DEFAULT_GOAL_PLAYS = 1000;
const DEFAULT_GOAL_IMPRESSIONS = 10_000;
const DAY_MS = 86_400_000;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const optionalCount = z.number().int('Enter a whole number').min(1, 'Must be at least 1').nullable();

/** The form field that holds each kind of goal, so switching kinds keeps what was typed in each. */
const GOAL_FIELDS = {
  PLAYS: 'goal_plays',
  BUDGET: 'goal_budget_minor',
  IMPRESSIONS: 'goal_impressions',
} as const satisfies Record<BookableGoal, keyof BookingFormValues>;

const GOAL_MISSING: Record<BookableGoal, string> = {
  PLAYS: 'Enter how many plays to buy',
  BUDGET: 'Enter the amount to spend in rupees',
  IMPRESSIONS: 'Enter how many impressions to buy',
};

/**
 * The booking form: a campaign and its one line item, as the buyer types them. Money is whole
 * paise (the money inputs parse the typed rupees); a NaN amount is text that is not an amount.
 */
export const bookingFormSchema = z
  .object({
    company_id: z.string().optional(),
    name: z.string().trim().min(1, 'Name the campaign').max(CAMPAIGN_NAME_MAX),
    budget_cap_minor: z
      .number()
      .refine((value) => Number.isSafeInteger(value), 'Enter an amount in rupees, e.g. 5000 or 5000.50')
      .refine((value) => value > 0, 'Must be more than ₹0')
      .optional(),
    line_item_name: z.string().trim().min(1, 'Name the flight').max(CAMPAIGN_NAME_MAX),
    starts_on: z.string().regex(DATE_PATTERN, 'Choose the first day'),
    ends_on: z.string().regex(DATE_PATTERN, 'Choose the last day'),
    goal_kind: z.enum(BOOKABLE_GOALS),
    goal_plays: z.number().optional(),
    goal_impressions: z.number().optional(),
    goal_budget_minor: z.number().optional(),
    pacing: z.enum(PACINGS),
    daily_cap: optionalCount,
    max_plays_per_screen_hour: optionalCount,
    guaranteed: z.boolean(),
    spot_seconds: z
      .number({ message: 'Enter the spot length in seconds' })
      .int('Enter a whole number of seconds')
      .min(1, `Spot length is 1-${SPOT_SECONDS_MAX} seconds`)
      .max(SPOT_SECONDS_MAX, `Spot length is 1-${SPOT_SECONDS_MAX} seconds`),
    targeting: z.object({
      tags: z.array(z.string()),
      outlet_ids: z.array(z.string()),
      pincodes: z.array(z.string().regex(PINCODE_PATTERN, 'Pincodes are 6 digits')),
      cities: z.array(z.string()),
    }),
    schedule: z.object({
      days_of_week: z.array(z.number().int()),
      start_time: z.string().regex(TIME_PATTERN, 'Times are 24-hour HH:MM').nullable(),
      end_time: z.string().regex(TIME_PATTERN, 'Times are 24-hour HH:MM').nullable(),
    }),
    ad_ids: z.array(z.string()).min(1, 'Choose at least one approved ad'),
  })
  .superRefine((values, context) => {
    if (values.ends_on < values.starts_on) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: 'The last day is before the first' });
    } else if (flightDays(values.starts_on, values.ends_on) > MAX_FLIGHT_DAYS) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: `A flight is at most ${MAX_FLIGHT_DAYS} days` });
    }
    const path = GOAL_FIELDS[values.goal_kind];
    const goal = values[path];
    if (goal === undefined || !Number.isSafeInteger(goal) || goal < 1) {
      context.addIssue({ code: 'custom', path: [path], message: GOAL_MISSING[values.goal_kind] });
    }
    const { start_time: start, end_time: end } = values.schedule;
    if ((start === null) !== (end === null)) {
      context.addIssue({
        code: 'custom',
        path: [start === null ? 'schedule.start_time' : 'schedule.end_time'],
        message: 'Give both times, or neither for all day',
      });
    }
  });

export type BookingFormValues = z.input<typeof bookingFormSchema>;

/** Inclusive days from one YYYY-MM-DD to another. */
export function flightDays(startsOn: string, endsOn: string): number {
  return Math.round((Date.parse(endsOn) - Date.parse(startsOn)) / DAY_MS) + 1;
}

const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/** A new booking: a week's flight from tomorrow, 1,000 plays evenly, guaranteed, 10-second spots. */
export function newBookingValues(today: string): BookingFormValues {
  const startsOn = addDays(today, 1);
  return {
    company_id: undefined,
    name: '',
    budget_cap_minor: undefined,
    line_item_name: 'Main flight',
    starts_on: startsOn,
    ends_on: addDays(startsOn, DEFAULT_FLIGHT_DAYS - 1),
    goal_kind: 'PLAYS',
    goal_plays: DEFAULT_GOAL_PLAYS,
    goal_impressions: DEFAULT_GOAL_IMPRESSIONS,
    goal_budget_minor: undefined,
    pacing: 'EVEN',
    daily_cap: null,
    max_plays_per_screen_hour: null,
    guaranteed: true,
    spot_seconds: DEFAULT_SPOT_SECONDS,
    targeting: { tags: [], outlet_ids: [], pincodes: [], cities: [] },
    schedule: { days_of_week: [], start_time: null, end_time: null },
    ad_ids: [],
  };
}

/** The form of a saved draft: its campaign and its first line item (or a new one's defaults). */
export function savedBookingValues(
  campaign: Campaign,
  lineItem: LineItem | undefined,
  today: string,
): BookingFormValues {
  const fresh = newBookingValues(today);
  const base = { ...fresh, company_id: campaign.company_id, name: campaign.name };
  const withBudget = { ...base, budget_cap_minor: campaign.budget_cap_minor ?? undefined };
  if (!lineItem) return withBudget;
  const { schedule, ...targeting } = lineItem.targeting;
  return {
    ...withBudget,
    line_item_name: lineItem.name,
    starts_on: lineItem.starts_on,
    ends_on: lineItem.ends_on,
    goal_kind: lineItem.goal_kind,
    goal_plays: lineItem.goal_kind === 'PLAYS' ? lineItem.goal_quantity : fresh.goal_plays,
    goal_impressions: lineItem.goal_kind === 'IMPRESSIONS' ? lineItem.goal_quantity : fresh.goal_impressions,
    goal_budget_minor: lineItem.goal_kind === 'BUDGET' ? lineItem.goal_quantity : undefined,
    pacing: lineItem.pacing,
    daily_cap: lineItem.daily_cap,
    max_plays_per_screen_hour: lineItem.max_plays_per_screen_hour,
    guaranteed: lineItem.guaranteed,
    spot_seconds: lineItem.spot_seconds,
    targeting,
    schedule: { days_of_week: schedule.days_of_week, start_time: schedule.start_time, end_time: schedule.end_time },
    ad_ids: lineItem.ad_ids,
  };
}

export type BookingValues = z.output<typeof bookingFormSchema>;

/** `POST /api/campaigns`: a global admin names the company, company staff book for their own. */
export function campaignBody(values: BookingValues, chooseCompany: boolean): CampaignCreate {
  return {
    ...(chooseCompany && values.company_id ? { company_id: values.company_id } : {}),
    name: values.name.trim(),
    budget_cap_minor: values.budget_cap_minor ?? null,
  };
}

/** The dayparts as the ads' schedule object: none given is every day, all day. */
function scheduleOf(values: BookingValues) {
  return {
    days_of_week: values.schedule.days_of_week,
    start_time: values.schedule.start_time,
    end_time: values.schedule.end_time,
  };
}

/** `POST /api/campaigns/:id/line-items`: the flight as the contract has it. */
export function lineItemBody(values: BookingValues): LineItemCreate {
  const goal = values[GOAL_FIELDS[values.goal_kind]];
  return {
    name: values.line_item_name.trim(),
    starts_on: values.starts_on,
    ends_on: values.ends_on,
    goal_kind: values.goal_kind,
    goal_quantity: goal ?? 0,
    pacing: values.pacing,
    daily_cap: values.daily_cap,
    max_plays_per_screen_hour: values.max_plays_per_screen_hour,
    guaranteed: values.guaranteed,
    spot_seconds: values.spot_seconds,
    targeting: { ...values.targeting, schedule: scheduleOf(values) },
    ad_ids: values.ad_ids,
  };
}

/** What of the campaign's name and budget cap differ from the saved draft; empty when nothing does. */
export function campaignChanges(saved: Campaign, values: BookingValues): CampaignUpdate | Record<string, never> {
  const body = campaignBody(values, false);
  const changes: Partial<CampaignUpdate> = {};
  if (body.name !== saved.name) changes.name = body.name;
  if ((body.budget_cap_minor ?? null) !== saved.budget_cap_minor) changes.budget_cap_minor = body.budget_cap_minor;
  return changes as CampaignUpdate;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The line item's fields that differ from the saved one; a PATCH replaces each field sent whole. */
export function lineItemChanges(saved: LineItem, body: LineItemCreate): Partial<LineItemUpdate> {
  const changes: Partial<LineItemUpdate> = {};
  const scalar = [
    'name',
    'starts_on',
    'ends_on',
    'goal_kind',
    'goal_quantity',
    'pacing',
    'daily_cap',
    'max_plays_per_screen_hour',
    'guaranteed',
    'spot_seconds',
  ] as const;
  for (const field of scalar) {
    if (body[field] !== undefined && body[field] !== saved[field]) Object.assign(changes, { [field]: body[field] });
  }
  const { schedule: savedSchedule, ...savedTargeting } = saved.targeting;
  const { schedule, ...targeting } = body.targeting ?? { schedule: undefined };
  const savedDayparts = {
    days_of_week: savedSchedule.days_of_week,
    start_time: savedSchedule.start_time,
    end_time: savedSchedule.end_time,
  };
  if (!sameJson(targeting, savedTargeting) || !sameJson(schedule, savedDayparts)) changes.targeting = body.targeting;
  if (!sameJson([...body.ad_ids].sort(), [...saved.ad_ids].sort())) changes.ad_ids = body.ad_ids;
  return changes;
}

/**
 * The availability the heat map asks for (totals only), or null while the flight or spot length
 * cannot be asked about yet. Half-typed pincodes wait until they are whole.
 */
export function availabilityQueryOf(values: BookingFormValues): AvailabilityQuery | null {
  const { starts_on: startsOn, ends_on: endsOn, spot_seconds: spot } = values;
  if (!DATE_PATTERN.test(startsOn) || !DATE_PATTERN.test(endsOn) || Number.isNaN(Date.parse(startsOn))) return null;
  if (Number.isNaN(Date.parse(endsOn))) return null;
  const days = flightDays(startsOn, endsOn);
  if (days < 1 || days > MAX_FLIGHT_DAYS) return null;
  if (!Number.isInteger(spot) || spot < 1 || spot > SPOT_SECONDS_MAX) return null;
  const { start_time: start, end_time: end, days_of_week: daysOfWeek } = values.schedule;
  const hours =
    start && end && TIME_PATTERN.test(start) && TIME_PATTERN.test(end) ? { start_time: start, end_time: end } : {};
  return {
    targeting: {
      tags: values.targeting.tags,
      outlet_ids: values.targeting.outlet_ids,
      pincodes: values.targeting.pincodes.filter((code) => PINCODE_PATTERN.test(code)),
      cities: values.targeting.cities,
    },
    schedule: { days_of_week: daysOfWeek, ...hours },
    starts_on: startsOn,
    ends_on: endsOn,
    spot_seconds: spot,
    screens_page: 1,
    screens_page_size: 0,
  };
}

export const PACING_LABELS: Record<Pacing, string> = {
  EVEN: 'Even',
  FRONTLOADED: 'Frontloaded',
  ASAP: 'As soon as possible',
};

export const PACING_DESCRIPTIONS: Record<Pacing, string> = {
  EVEN: 'Spread over the flight by the plays available each hour.',
  FRONTLOADED: 'More early in the flight (1.5×), tapering to half at the end.',
  ASAP: 'Fill the earliest hours first.',
};

/** The form's control, as every card of the booking form takes it. */
export type BookingControl = Control<BookingFormValues, unknown, BookingValues>;
