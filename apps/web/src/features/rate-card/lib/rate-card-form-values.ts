import { OUTLET_TIERS, type OutletTier } from '@adloop/contract/constants';
import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import {
  MAX_MULTIPLIER_BPS,
  MAX_RATE_MINOR,
  MIN_MULTIPLIER_BPS,
  type RateCard,
  type RateCardCreate,
} from '@adloop/contract/pricing';
import { TIME_PATTERN } from '@adloop/contract/targeting';
import { addHours, startOfHour } from 'date-fns';
import { formatMoney, minorToInput, parseMoney } from '@/lib/money';
import { formatMultiplier, parseMultiplier } from '@/lib/rate-card';

/** A daypart row as typed: the multiplier as "1.50", not basis points. */
export type DaypartRow = {
  name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  multiplier: string;
};

/** The form as typed: rupees and multipliers as text, converted to paise and bps exactly on submit. */
export type RateCardFormValues = {
  starts: 'asap' | 'at';
  /** A `datetime-local` value in the viewer's zone. */
  effective_from: string;
  tiers: Record<OutletTier, string>;
  dayparts: DaypartRow[];
  note: string;
};

export type FormProblem = { field: string; message: string };

const toLocalInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** A new card starts from the one in force (or sensible launch rates), effective at the next whole hour. */
export function initialValues(from: RateCard | undefined, now = new Date()): RateCardFormValues {
  const tiers = from?.tiers ?? { STANDARD: 150, PREMIUM: 225, FLAGSHIP: 300 };
  return {
    starts: 'at',
    effective_from: toLocalInput(startOfHour(addHours(now, 1))),
    tiers: {
      STANDARD: minorToInput(tiers.STANDARD, DEFAULT_CURRENCY),
      PREMIUM: minorToInput(tiers.PREMIUM, DEFAULT_CURRENCY),
      FLAGSHIP: minorToInput(tiers.FLAGSHIP, DEFAULT_CURRENCY),
    },
    dayparts: (from?.dayparts ?? []).map((daypart) => ({
      name: daypart.name,
      days_of_week: daypart.days_of_week,
      start_time: daypart.start_time,
      end_time: daypart.end_time,
      multiplier: formatMultiplier(daypart.multiplier_bps).slice(1),
    })),
    note: '',
  };
}

export const emptyDaypart = (): DaypartRow => ({
  name: '',
  days_of_week: [],
  start_time: '18:00',
  end_time: '22:00',
  multiplier: '1.5',
});

/**
 * The request body, or the problems of the typed values named by field. The server checks the
 * same rules again (and the lead time); its answers land on the same fields.
 */
export function toRateCardCreate(
  values: RateCardFormValues,
): { body: RateCardCreate; problems: [] } | { body: null; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const tiers = {} as Record<OutletTier, number>;
  for (const tier of OUTLET_TIERS) {
    const paise = parseMoney(values.tiers[tier], DEFAULT_CURRENCY);
    if (paise === null || paise < 1) {
      problems.push({ field: `tiers.${tier}`, message: 'Enter a price in rupees, e.g. 1.50' });
    } else if (paise > MAX_RATE_MINOR) {
      problems.push({
        field: `tiers.${tier}`,
        message: `At most ${formatMoney(MAX_RATE_MINOR, DEFAULT_CURRENCY)} a play`,
      });
    } else tiers[tier] = paise;
  }
  const dayparts = values.dayparts.map((row, index) => {
    const at = (field: string) => `dayparts.${index}.${field}`;
    if (!row.name.trim()) problems.push({ field: at('name'), message: 'Name the daypart' });
    if (!TIME_PATTERN.test(row.start_time)) problems.push({ field: at('start_time'), message: 'Enter a time' });
    if (!TIME_PATTERN.test(row.end_time)) problems.push({ field: at('end_time'), message: 'Enter a time' });
    else if (row.start_time === row.end_time) {
      problems.push({ field: at('end_time'), message: 'Must end at another time than it starts' });
    }
    const bps = parseMultiplier(row.multiplier);
    if (bps === null || bps < MIN_MULTIPLIER_BPS || bps > MAX_MULTIPLIER_BPS) {
      problems.push({ field: at('multiplier'), message: 'Between ×0.1 and ×10, e.g. 1.25' });
    }
    return {
      name: row.name.trim(),
      days_of_week: row.days_of_week,
      start_time: row.start_time,
      end_time: row.end_time,
      multiplier_bps: bps ?? 0,
    };
  });
  const names = new Set<string>();
  dayparts.forEach((daypart, index) => {
    const key = daypart.name.toLowerCase();
    if (key && names.has(key))
      problems.push({ field: `dayparts.${index}.name`, message: 'Each daypart needs its own name' });
    names.add(key);
  });
  let effectiveFrom: string | undefined;
  if (values.starts === 'at') {
    const date = new Date(values.effective_from);
    if (!values.effective_from || Number.isNaN(date.getTime())) {
      problems.push({ field: 'effective_from', message: 'Choose when the card takes effect' });
    } else if (date.getTime() <= Date.now()) {
      problems.push({ field: 'effective_from', message: 'Must be in the future: a card never reprices past plays' });
    } else effectiveFrom = date.toISOString();
  }
  if (problems.length > 0) return { body: null, problems };
  return {
    body: { effective_from: effectiveFrom, tiers, dayparts, note: values.note.trim(), currency: DEFAULT_CURRENCY },
    problems: [],
  };
}

/** The form field a server detail path names (`body.dayparts.0.multiplier_bps` → `dayparts.0.multiplier`). */
export function formFieldOf(path: string): string {
  return path
    .replace(/^body\./, '')
    .replace(/multiplier_bps$/, 'multiplier')
    .replace(/^tiers$/, 'tiers.STANDARD');
}
