import { z } from 'zod';
import { calendarDate } from './common.ts';
import { MAX_FLIGHT_DAYS } from './inventory.ts';

/**
 * What is owed when a guaranteed line item ends short of its goal (decision 086, issue 20 point 6):
 * a global admin settles it once, by a make-good (a booked campaign of its own that delivers the
 * shortfall free of charge) or a credit to the advertiser's balance. Money in integer paise.
 */
export const SHORTFALL_RESOLUTION_KINDS = ['MAKE_GOOD', 'CREDIT'] as const;
export type ShortfallResolutionKind = (typeof SHORTFALL_RESOLUTION_KINDS)[number];

const DAY_MS = 86_400_000;
/** The easternmost zone is 14 h ahead of UTC: a local date begins there 14 h before it does in UTC. */
const EASTERNMOST_MS = 14 * 3_600_000;

/** The first date a make-good may fly: one not yet begun in any zone at `now`, so none of its hours is past. */
export function earliestMakeGoodDay(now: number): string {
  const begunSomewhere = Date.parse(new Date(now + EASTERNMOST_MS).toISOString().slice(0, 10));
  return new Date(begunSomewhere + DAY_MS).toISOString().slice(0, 10);
}

/** `POST /api/campaigns/:id/line-items/:lineItemId/shortfall-resolution`: a credit, or a make-good with its flight. */
export const shortfallResolutionCreateSchema = z
  .object({
    kind: z.enum(SHORTFALL_RESOLUTION_KINDS, {
      message: `kind must be one of ${SHORTFALL_RESOLUTION_KINDS.join(', ')}`,
    }),
    /** The make-good's flight, inclusive local dates; a credit has none. */
    starts_on: calendarDate('starts_on').optional(),
    ends_on: calendarDate('ends_on').optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.kind === 'CREDIT') {
      for (const field of ['starts_on', 'ends_on'] as const) {
        if (body[field] !== undefined) {
          context.addIssue({ code: 'custom', path: [field], message: `A credit has no flight: leave out ${field}` });
        }
      }
      return;
    }
    for (const field of ['starts_on', 'ends_on'] as const) {
      if (body[field] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `A make-good needs its flight: ${field} is required`,
        });
      }
    }
    if (body.starts_on === undefined || body.ends_on === undefined) return;
    const days = (Date.parse(body.ends_on) - Date.parse(body.starts_on)) / 86_400_000 + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['ends_on'], message: 'ends_on is before starts_on' });
    else if (days > MAX_FLIGHT_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: `A flight may span at most ${MAX_FLIGHT_DAYS} days`,
      });
    }
  });
export type ShortfallResolutionCreate = z.infer<typeof shortfallResolutionCreateSchema>;

/** How a line item's shortfall was settled. */
export const shortfallResolutionSchema = z.object({
  line_item_id: z.string(),
  kind: z.enum(SHORTFALL_RESOLUTION_KINDS),
  /** Goal less delivered when it was settled, in the goal's unit (plays, impressions or paise). */
  shortfall_quantity: z.number().int(),
  /**
   * The credit written to the balance: for CREDIT the shortfall's share of the quoted price; for
   * MAKE_GOOD the make-good's quoted price, which pays for its plays (0 when they are priced at 0).
   */
  credit_minor: z.number().int(),
  /** The ad transaction (method CREDIT) carrying the credit; null when nothing was credited. */
  transaction_id: z.string().nullable(),
  /** The make-good's campaign and line item; null for a credit. */
  make_good: z.object({ campaign_id: z.string(), campaign_name: z.string(), line_item_id: z.string() }).nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string(),
});
export type ShortfallResolution = z.infer<typeof shortfallResolutionSchema>;

/**
 * NOT_OWED: nothing is owed (not over, goal met, not guaranteed, a make-good itself, not booked);
 * OPEN: a global admin may settle it now; RESOLVED: settled, see `resolution`.
 */
export const SETTLEMENT_STATES = ['NOT_OWED', 'OPEN', 'RESOLVED'] as const;

/** A line item's shortfall as its campaign page reads it: what is owed, and how it was settled. */
export const lineItemSettlementSchema = z.object({
  state: z.enum(SETTLEMENT_STATES),
  /** Why it may not be settled now (NOT_OWED: why nothing is owed; RESOLVED: how it was): a settlement's 409; null when OPEN. */
  reason: z.string().nullable(),
  /** What a CREDIT gives: quoted price × shortfall ÷ goal, in paise rounded down; null unless OPEN. */
  credit_minor: z.number().int().nullable(),
  resolution: shortfallResolutionSchema.nullable(),
  /** When this line item is itself a make-good: the line item it makes good. */
  makes_good: z
    .object({
      campaign_id: z.string(),
      campaign_name: z.string(),
      line_item_id: z.string(),
      line_item_name: z.string(),
    })
    .nullable(),
});
export type LineItemSettlement = z.infer<typeof lineItemSettlementSchema>;
