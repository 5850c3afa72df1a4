import type { ScreenPayout } from '@adloop/contract/billing';
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, screenPayouts, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { orderByOf } from '../../lib/list-query.ts';
import { scopedByOutlet } from '../../lib/scope.ts';
import { ROUNDING_RULE } from './payout-math.ts';
import { payoutLineOf, pricedDays } from './payout-pricing.ts';
import { type PayoutTarget, screensToPay } from './payout-target.ts';

/**
 * Proposes the payout of each screen: the prices of its plays in the period by the one pricing of
 * payouts (`pricedDays`: the rate card in force at each play, decision 033; never the outlet's own
 * content, decision 090) − commission.
 */
export async function proposePayout(ctx: ServiceContext, target: PayoutTarget) {
  const { db } = ctx;
  const covered = await screensToPay(ctx, target);
  const ids = covered.map((screen) => screen.screenId);
  // Priced by the one pricing that an outlet's earnings use too (decision 092).
  const [days, paid] = await Promise.all([
    pricedDays(db, ids, target.period_start, target.period_end),
    overlapping(db, ids, target.period_start, target.period_end),
  ]);
  const paidScreens = new Set(paid.map((row) => row.screenId));
  const lines = covered.map((screen) => ({
    ...payoutLineOf(screen, days),
    already_paid: paidScreens.has(screen.screenId),
  }));
  // Lines already paid are shown (flagged) but never counted again.
  const total = lines.filter((line) => !line.already_paid).reduce((sum, line) => sum + line.amount_minor, 0);
  return { lines, total_minor: total, rounding: ROUNDING_RULE };
}

/** The 400 of a payout that would be ₹0, saying why in the clerk's words. */
function nothingToPay(lines: ReadonlyArray<{ plays: number }>) {
  const reason =
    lines.length === 0
      ? 'This outlet has no screens, so there is nothing to pay'
      : lines.some((line) => line.plays > 0)
        ? "AdLoop's commission takes the whole value of these plays, so the payout would be ₹0 and none is made"
        : 'There were no plays in this period, so there is nothing to pay';
  return badRequest(reason, [{ path: 'period_start', message: reason }]);
}

function overlapping(db: Database, screenIds: string[], start: string, end: string) {
  return db
    .select({
      screenId: screenPayouts.screenId,
      periodStart: screenPayouts.periodStart,
      periodEnd: screenPayouts.periodEnd,
    })
    .from(screenPayouts)
    .where(
      and(
        inArray(screenPayouts.screenId, screenIds),
        lte(screenPayouts.periodStart, end),
        gte(screenPayouts.periodEnd, start),
      ),
    );
}

/**
 * Records the proposed payouts, one per screen with something to pay (decision 050). A screen's
 * period may never be paid twice: any overlap with an existing payout refuses the whole request
 * (the screen rows are locked first, so two clerks cannot both pass the check). A payout of ₹0 is
 * never made: no plays, or a commission that takes the whole gross, is a 400.
 */
export async function createPayouts(
  ctx: ServiceContext,
  target: PayoutTarget & { currency: string; reference?: string | null },
): Promise<string[]> {
  const { db, caller } = ctx;
  const createdBy = caller.userId;
  return db.transaction(async (tx) => {
    const proposal = await proposePayout({ ...ctx, db: tx as unknown as Database }, target);
    const ids = proposal.lines.map((line) => line.screen_id);
    await tx.execute(sql`select id from ${screens} where ${inArray(screens.id, ids)} order by id for update`);
    const clash = await overlapping(tx as unknown as Database, ids, target.period_start, target.period_end);
    if (clash.length > 0) {
      const first = clash[0]!;
      const code = proposal.lines.find((line) => line.screen_id === first.screenId)?.screen_code ?? first.screenId;
      throw conflict(
        `Screen ${code} already has a payout for ${first.periodStart} to ${first.periodEnd}, which overlaps this period; a period is never paid twice, so choose days outside it`,
      );
    }
    const lines = proposal.lines.filter((line) => line.amount_minor > 0);
    if (lines.length === 0) throw nothingToPay(proposal.lines);
    const inserted = await tx
      .insert(screenPayouts)
      .values(
        lines.map((line) => ({
          screenId: line.screen_id,
          outletId: line.outlet_id,
          periodStart: target.period_start,
          periodEnd: target.period_end,
          plays: line.plays,
          rateMinor: line.rate_minor,
          grossMinor: line.gross_minor,
          commissionBps: line.commission_bps,
          commissionMinor: line.commission_minor,
          amountMinor: line.amount_minor,
          currency: target.currency,
          reference: target.reference ?? null,
          createdBy,
        })),
      )
      .returning({ id: screenPayouts.id });
    return inserted.map((row) => row.id);
  });
}

const selection = {
  payout: screenPayouts,
  screenCode: screens.screenCode,
  outletName: outlets.name,
  outletCode: outlets.outletCode,
};

function toPayout(row: {
  payout: typeof screenPayouts.$inferSelect;
  screenCode: string;
  outletName: string;
  outletCode: string;
}): ScreenPayout {
  const p = row.payout;
  return {
    id: p.id,
    screen: { id: p.screenId, screen_code: row.screenCode },
    outlet: { id: p.outletId, name: row.outletName, outlet_code: row.outletCode },
    period_start: p.periodStart,
    period_end: p.periodEnd,
    plays: p.plays,
    rate_minor: p.rateMinor,
    gross_minor: p.grossMinor,
    commission_bps: p.commissionBps,
    commission_minor: p.commissionMinor,
    amount_minor: p.amountMinor,
    currency: p.currency,
    status: p.status,
    reference: p.reference,
    paid_at: p.paidAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

export async function getPayouts(ctx: ServiceContext, ids: string[]): Promise<ScreenPayout[]> {
  const { db, caller } = ctx;
  if (ids.length === 0) return [];
  const rows = await db
    .select(selection)
    .from(screenPayouts)
    .innerJoin(screens, eq(screens.id, screenPayouts.screenId))
    .innerJoin(outlets, eq(outlets.id, screenPayouts.outletId))
    .where(and(inArray(screenPayouts.id, ids), scopedByOutlet(caller, screenPayouts.outletId)))
    .orderBy(screens.screenCode);
  return rows.map(toPayout);
}

const PAYOUT_SORTABLE = {
  screen_code: screens.screenCode,
  outlet_name: outlets.name,
  period_start: screenPayouts.periodStart,
  period_end: screenPayouts.periodEnd,
  plays: screenPayouts.plays,
  amount_minor: screenPayouts.amountMinor,
  status: screenPayouts.status,
  created_at: screenPayouts.createdAt,
};

export async function listPayouts(
  ctx: ServiceContext,
  query: {
    page: number;
    pageSize: number;
    q?: string;
    outlet_id?: string;
    screen_id?: string;
    status?: ScreenPayout['status'];
    sort?: string;
  },
) {
  const { db, caller } = ctx;
  const where = and(
    scopedByOutlet(caller, screenPayouts.outletId),
    query.outlet_id ? eq(screenPayouts.outletId, query.outlet_id) : undefined,
    query.screen_id ? eq(screenPayouts.screenId, query.screen_id) : undefined,
    query.status ? eq(screenPayouts.status, query.status) : undefined,
    query.q
      ? sql`(${screens.screenCode} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`} or ${outlets.name} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(screenPayouts)
      .innerJoin(screens, eq(screens.id, screenPayouts.screenId))
      .innerJoin(outlets, eq(outlets.id, screenPayouts.outletId))
      .where(where)
      .orderBy(
        ...(query.sort
          ? orderByOf(query.sort, PAYOUT_SORTABLE, desc(screenPayouts.periodEnd), screenPayouts.id)
          : [desc(screenPayouts.periodEnd), desc(screenPayouts.createdAt), desc(screenPayouts.id)]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(screenPayouts)
      .innerJoin(screens, eq(screens.id, screenPayouts.screenId))
      .innerJoin(outlets, eq(outlets.id, screenPayouts.outletId))
      .where(where),
  ]);
  return { data: rows.map(toPayout), meta: { page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 } };
}

export async function markPaid(
  ctx: ServiceContext,
  id: string,
  input: { reference: string; paid_at?: string },
): Promise<ScreenPayout> {
  const { db } = ctx;
  const [payout] = await getPayouts(ctx, [id]);
  if (!payout) throw notFound('Screen payout');
  if (payout.status === 'PAID') throw conflict(`This payout was already paid on ${payout.paid_at?.slice(0, 10)}`);
  await db
    .update(screenPayouts)
    .set({ status: 'PAID', reference: input.reference, paidAt: input.paid_at ? new Date(input.paid_at) : new Date() })
    .where(eq(screenPayouts.id, id));
  const [updated] = await getPayouts(ctx, [id]);
  return updated!;
}
