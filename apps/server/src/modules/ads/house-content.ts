import type { AdTargetingInput } from '@adloop/contract/ads';
import { houseAccountName } from '@adloop/contract/house-content';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ads, companies, outlets } from '../../db/schema.ts';
import type { Caller, Transaction } from '../../lib/context.ts';
import { badRequest, type ErrorDetail, HttpError, notFound } from '../../lib/http-error.ts';
import { reachesAll } from '../../lib/scope.ts';
import { adTargetsAnyScreenOf } from './ad-targeting.ts';

/**
 * The ads outlet staff read (with `companies` joined): their outlets' house content in every
 * status (decision 090), and the paid ads that play on their screens, as before: active ads of an
 * active advertiser whose targeting matches one of their outlets' screens on air (decision 032).
 */
export function adsOfOutlets(outletIds: string[]): SQL {
  if (outletIds.length === 0) return sql`false`;
  return or(
    inArray(companies.houseOutletId, outletIds),
    and(
      isNull(companies.houseOutletId),
      eq(ads.status, 'ACTIVE'),
      eq(companies.isActive, true),
      adTargetsAnyScreenOf(outletIds),
    ),
  )!;
}

/**
 * The outlet's house account (decision 090), made with its first house ad and named after the
 * outlet as it is called now on each: its id is the outlet's, so ingestion knows a house play from
 * the play itself.
 */
export async function houseAccountOf(tx: Transaction, outletId: string): Promise<string> {
  const [outlet] = await tx.select({ name: outlets.name }).from(outlets).where(eq(outlets.id, outletId));
  if (!outlet) throw notFound('Outlet');
  const name = houseAccountName(outlet.name);
  await tx
    .insert(companies)
    .values({ id: outletId, houseOutletId: outletId, name })
    .onConflictDoUpdate({
      target: companies.id,
      set: { name, updatedAt: sql`now()` },
      setWhere: sql`${companies.houseOutletId} = ${outletId} and ${companies.name} <> ${name}`,
    });
  return outletId;
}

const ELSEWHERE = "House content plays on its own outlet's screens only";

/**
 * The targeting of house content: its outlet (filled in when left out), narrowed by screen tags if
 * wanted. Another outlet is a 403 when it is not the caller's, else a 400 (one house ad per outlet);
 * pincodes and cities are a 400, since its outlet is already one place.
 */
export function houseTargeting(
  caller: Caller,
  outletId: string,
  input: AdTargetingInput | undefined,
): AdTargetingInput {
  const elsewhere = [...new Set(input?.outlet_ids ?? [])].filter((id) => id !== outletId);
  if (elsewhere.some((id) => !reachesAll(caller) && !caller.outletIds.includes(id))) {
    const message = `${ELSEWHERE}: you cannot put content on another outlet's screens`;
    throw new HttpError(403, 'FORBIDDEN', message, [{ path: 'targeting.outlet_ids', message }]);
  }
  const details: ErrorDetail[] = [];
  if (elsewhere.length > 0) {
    details.push({ path: 'targeting.outlet_ids', message: `${ELSEWHERE}: make one for each outlet` });
  }
  for (const kind of ['pincodes', 'cities'] as const) {
    if ((input?.[kind] ?? []).length > 0) {
      details.push({ path: `targeting.${kind}`, message: `${ELSEWHERE}: narrow it by screen tags instead` });
    }
  }
  if (details.length > 0) throw badRequest(details.map((detail) => detail.message).join('; '), details);
  return { tags: input?.tags ?? [], outlet_ids: [outletId], pincodes: [], cities: [] };
}
