import type { Pincode } from '@adloop/contract/pincodes';
import { and, asc, count, eq } from 'drizzle-orm';
import { outlets, pincodes } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { assertNothingAttached, conflict, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';

const toPincode = (row: typeof pincodes.$inferSelect): Pincode => ({
  code: row.code,
  city: row.city,
  state: row.state,
});

const SORTABLE = { code: pincodes.code, city: pincodes.city, state: pincodes.state };

export async function listPincodes({ db }: ServiceContext, query: ListQuery): Promise<Page<Pincode>> {
  const where = and(searchOf(query.q, [pincodes.code, pincodes.city, pincodes.state]));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pincodes)
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, asc(pincodes.code), pincodes.code))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(pincodes).where(where),
  ]);
  return pageOf(rows.map(toPincode), query, total?.value);
}

export async function getPincode({ db }: ServiceContext, code: string): Promise<Pincode> {
  const [row] = await db.select().from(pincodes).where(eq(pincodes.code, code));
  if (!row) throw notFound('Pincode');
  return toPincode(row);
}

export async function createPincode({ db }: ServiceContext, input: Pincode): Promise<Pincode> {
  try {
    const [row] = await db.insert(pincodes).values(input).returning();
    return toPincode(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Pincode ${input.code} already exists`);
    throw error;
  }
}

export async function updatePincode(
  ctx: ServiceContext,
  code: string,
  change: { city?: string; state?: string },
): Promise<Pincode> {
  const { db } = ctx;
  if (change.city === undefined && change.state === undefined) return getPincode(ctx, code);
  const [row] = await db.update(pincodes).set(change).where(eq(pincodes.code, code)).returning();
  if (!row) throw notFound('Pincode');
  return toPincode(row);
}

/** Deletes a pincode no outlet uses. */
export async function deletePincode(ctx: ServiceContext, code: string): Promise<void> {
  const { db } = ctx;
  await getPincode(ctx, code);
  const [used] = await db.select({ value: count() }).from(outlets).where(eq(outlets.pincode, code));
  assertNothingAttached(`Pincode ${code}`, [[used?.value ?? 0, 'outlet']], 'move those outlets first');
  await db.delete(pincodes).where(eq(pincodes.code, code));
}
