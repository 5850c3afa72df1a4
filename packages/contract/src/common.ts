import { z } from 'zod';

/** `meta` of an offset-paged list (docs/design.md §4). */
export const pageMetaSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The deepest page of an offset-paged list: 100 rows a page, a million rows in. */
export const MAX_PAGE = 10_000;

/** Query of every offset-paged list: page, pageSize, free-text q and `sort` as `field` or `-field`. */
export const listQueryBase = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE, `page may be at most ${MAX_PAGE}; narrow the search instead`)
    .default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'sort must be a field name, optionally prefixed by -')
    .optional(),
};

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const idParamsSchema = z.object({ id: z.uuid('id must be a UUID') });

export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Tags are 1-32 letters, digits or dashes');
export const tagsSchema = z.array(tagSchema).max(20, 'At most 20 tags');

/** Codes people type on a screen or a form: upper-cased, letters, digits and dashes. */
export const codeSchema = (field: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, `${field} must be 3-32 letters, digits or dashes`);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Phone number must be 7-20 digits, spaces or dashes');

/** The calendar years a date may name: nothing in AdLoop happened before 2000 or is planned past 2999. */
export const DATE_YEARS = { min: 2000, max: 2999 } as const;

/**
 * A real calendar date, YYYY-MM-DD (no 2026-02-30), in the years AdLoop can hold: PostgreSQL
 * refuses year 0 and a range's day after 9999-12-31, which would otherwise be a 500.
 */
export const calendarDate = (field = 'date') =>
  z.iso.date(`${field} must be a real date YYYY-MM-DD`).refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
  }, `${field} must be between ${DATE_YEARS.min}-01-01 and ${DATE_YEARS.max}-12-31`);

/** The longest date range a report, an analytics view or a payout period may cover (a leap year). */
export const MAX_RANGE_DAYS = 366;

/** True when an inclusive range of dates (YYYY-MM-DD) covers at most MAX_RANGE_DAYS days. */
export const rangeWithinCap = (from: string, to: string) =>
  (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 <= MAX_RANGE_DAYS;

/** The 400 of a range over the cap, beside the field that ends it; the message is for people, the path for forms. */
export const rangeCapIssue = (field: string) => ({
  message: `A range may cover at most ${MAX_RANGE_DAYS} days, counting both ends; choose a shorter one`,
  path: [field],
});

export const optionalText = (max: number) => z.string().trim().max(max);
