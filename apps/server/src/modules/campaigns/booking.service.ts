import { type CampaignQuote, HOLD_HOURS } from '@adloop/contract/campaign-booking';
import type { Campaign, CampaignStatus } from '@adloop/contract/campaigns';
import { and, arrayOverlaps, asc, eq, gt, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campaignReservations,
  campaigns,
  lineItemPlans,
  lineItemResolutions,
  lineItems,
  playbackLogs,
} from '../../db/schema.ts';
import { inTransaction, type ServiceContext, type Transaction } from '../../lib/context.ts';
import { conflict, forbidden, HttpError } from '../../lib/http-error.ts';
import { campaignReservedPlays } from '../inventory/reserved-plays.ts';
import { loadCards, type StoredCard } from '../pricing/pricing.service.ts';
import { quoteOf } from './campaign-quote.ts';
import { getCampaign } from './campaigns.service.ts';
import { companyBalance, replanCampaigns } from './pacing.service.ts';

type LineItemRow = typeof lineItems.$inferSelect;

/** Advisory lock namespaces (the two-key form): one per screen touched, one per company's budget. */
const SCREEN_LOCKS = 84_001;
const BUDGET_LOCKS = 84_002;
/** Reservation rows per insert statement (six parameters each). */
const ROWS_PER_INSERT = 2_000;

/** A uuid's first 32 bits as a signed int: an advisory lock key (two screens sharing one only wait for each other). */
const lockKeyOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 8), 16) | 0;

const formatPaise = (minor: number) => `₹${(minor / 100).toFixed(2)}`;

const lineItemsOf = (db: ServiceContext['db'] | Transaction, campaignId: string) =>
  db
    .select()
    .from(lineItems)
    .where(eq(lineItems.campaignId, campaignId))
    .orderBy(asc(lineItems.startsOn), asc(lineItems.createdAt), asc(lineItems.id));

/** A held campaign whose hold has expired counts as a draft (decision 084). */
const statusAt = (row: { status: CampaignStatus; holdExpiresAt: Date | null }, now: Date): CampaignStatus =>
  row.status === 'HELD' && (row.holdExpiresAt === null || row.holdExpiresAt <= now) ? 'DRAFT' : row.status;

/** `POST /api/campaigns/:id/quote`: each line item's plan over what other campaigns leave, priced; writes nothing. */
export async function quoteCampaign(ctx: ServiceContext, id: string): Promise<CampaignQuote> {
  await getCampaign(ctx, id);
  const now = new Date();
  const items = await lineItemsOf(ctx.db, id);
  const reservedPlays = campaignReservedPlays(ctx.db, { now, exceptCampaignId: id });
  return quoteOf(ctx, id, items, { cards: await loadCards(ctx.db), reservedPlays, now });
}

/**
 * Expired holds give their inventory back: their reservations are deleted and they are drafts
 * again. Housekeeping in its own short transaction, before any lock is taken; availability already
 * ignores expired holds, so nothing depends on when it runs.
 */
async function releaseExpiredHolds(ctx: ServiceContext, now: Date): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const expired = await tx
      .update(campaigns)
      .set({ status: 'DRAFT', holdExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(campaigns.status, 'HELD'), lte(campaigns.holdExpiresAt, now)))
      .returning({ id: campaigns.id });
    if (expired.length === 0) return;
    const ids = expired.map((row) => row.id);
    await tx
      .delete(campaignReservations)
      .where(
        inArray(
          campaignReservations.lineItemId,
          tx.select({ id: lineItems.id }).from(lineItems).where(inArray(lineItems.campaignId, ids)),
        ),
      );
  });
}

/** Locks the campaign's row for the transaction and answers its status now (409 unless it may move). */
async function lockCampaign(tx: Transaction, id: string, now: Date, from: CampaignStatus[], action: string) {
  const [row] = await tx
    .select({ status: campaigns.status, holdExpiresAt: campaigns.holdExpiresAt, name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  if (!row) throw conflict('The campaign was deleted meanwhile');
  const status = statusAt(row, now);
  if (!from.includes(status)) {
    const held = status === 'HELD' ? ` until ${row.holdExpiresAt!.toISOString()}` : '';
    throw conflict(`"${row.name}" is ${status}${held}: only a campaign that is ${from.join(' or ')} may be ${action}`);
  }
  return status;
}

/** Transaction-level advisory locks, taken in one global order (ascending keys) so two bookings never deadlock. */
async function lockKeys(tx: Transaction, namespace: number, ids: Iterable<string>): Promise<number[]> {
  const keys = [...new Set([...ids].map(lockKeyOf))].sort((a, b) => a - b);
  if (keys.length > 0) {
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(${namespace}::int, key)) from unnest(${sql.param(keys)}::int[]) as key`,
    );
  }
  return keys;
}

/** A 409 per line item whose guaranteed plan does not fit, naming the plays that still fit. */
function assertFits(quote: CampaignQuote): void {
  const short = quote.line_items.filter((item) => item.guaranteed && item.shortfall_plays > 0);
  if (short.length === 0) return;
  const details = short.map((item) => ({
    path: `line_items.${item.line_item_id}`,
    message: `"${item.name}": ${item.planned_plays} of ${item.goal_plays} plays fit`,
  }));
  throw new HttpError(
    409,
    'CONFLICT',
    `The inventory does not hold the guaranteed plays: ${details.map((detail) => detail.message).join('; ')}`,
    details,
  );
}

/**
 * What the company may still commit: completed payments (INR) less what its plays cost so far
 * (the ad × day rollup) less what its other booked and active campaigns' quotes may still spend.
 */
async function balanceOf(tx: Transaction, companyId: string, exceptCampaignId: string): Promise<number> {
  // What its other booked and active line items may still spend: their quotes less what they spent.
  const committed = await tx.execute<{ value: string }>(sql`
    select coalesce(sum(greatest(0, ${lineItems.quotedPriceMinor} - coalesce((
      select sum(${playbackLogs.priceMinor}) from ${playbackLogs}
      where ${playbackLogs.adId} = any(${lineItems.adIds})
        and ${playbackLogs.playDate} between ${lineItems.startsOn} and ${lineItems.endsOn}
    ), 0))), 0)::text as value
    from ${lineItems} inner join ${campaigns} on ${campaigns.id} = ${lineItems.campaignId}
    where ${campaigns.companyId} = ${companyId} and ${campaigns.status} in ('BOOKED', 'ACTIVE')
      and ${campaigns.id} <> ${exceptCampaignId}`);
  const committedMinor = Number((committed as unknown as { rows: Array<{ value: string }> }).rows[0]?.value ?? 0);
  return (await companyBalance(tx as unknown as Database, companyId)) - committedMinor;
}

async function assertBudget(
  tx: Transaction,
  campaign: Pick<Campaign, 'id' | 'company_id' | 'budget_cap_minor'>,
  total: number,
): Promise<void> {
  if (campaign.budget_cap_minor !== null && total > campaign.budget_cap_minor) {
    throw conflict(
      `The quote of ${formatPaise(total)} exceeds the campaign's budget_cap_minor of ${formatPaise(campaign.budget_cap_minor)}`,
    );
  }
  const balance = await balanceOf(tx, campaign.company_id, campaign.id);
  if (total > balance) {
    throw conflict(
      `The quote of ${formatPaise(total)} exceeds the company's balance of ${formatPaise(balance)} (completed payments less spend and other booked campaigns)`,
    );
  }
}

async function writeReservations(tx: Transaction, campaignId: string, quote: CampaignQuote): Promise<void> {
  await tx
    .delete(campaignReservations)
    .where(
      inArray(
        campaignReservations.lineItemId,
        tx.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.campaignId, campaignId)),
      ),
    );
  const rows = quote.line_items.flatMap((item) =>
    item.hours.map((hour) => ({
      lineItemId: item.line_item_id,
      screenId: hour.screen_id,
      localDate: hour.date,
      hour: hour.hour,
      plays: hour.plays,
      priceMinor: hour.price_minor,
    })),
  );
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    await tx.insert(campaignReservations).values(rows.slice(from, from + ROWS_PER_INSERT));
  }
  for (const item of quote.line_items) {
    await tx
      .update(lineItems)
      .set({ quotedPriceMinor: item.price_minor, updatedAt: sql`now()` })
      .where(eq(lineItems.id, item.line_item_id));
  }
}

/**
 * The inventory side of a hold or a booking, inside its transaction: the creatives free of other
 * live campaigns, (booking) the company's budget locked, then every screen the line items reach,
 * in ascending order; the plan recomputed inside the locks against the other held and booked
 * campaigns; a 409 naming what fits (or, `checkBalance`, the budget) before anything is written;
 * then the reservations and each line item's quoted price. Answers the quote written.
 */
export async function reserveInventory(
  ctx: ServiceContext,
  tx: Transaction,
  campaign: Pick<Campaign, 'id' | 'company_id' | 'budget_cap_minor'>,
  items: LineItemRow[],
  { cards, now, checkBalance }: { cards: StoredCard[]; now: Date; checkBalance: boolean },
): Promise<CampaignQuote> {
  const id = campaign.id;
  await assertCreativesFree(tx, id, items, now);
  if (checkBalance) await lockKeys(tx, BUDGET_LOCKS, [campaign.company_id]);
  const reservedPlays = campaignReservedPlays(tx, { now, exceptCampaignId: id });
  // The screens reached, from a first plan; the plan that counts is made again once they are locked.
  const draft = await quoteOf(ctx, id, items, { cards, reservedPlays, now }, tx);
  const screens = draft.line_items.flatMap((item) => (item.guaranteed ? item.hours.map((hour) => hour.screen_id) : []));
  const locked = new Set(await lockKeys(tx, SCREEN_LOCKS, screens));
  const quote = await quoteOf(ctx, id, items, { cards, reservedPlays, now }, tx);
  const unlocked = quote.line_items.some(
    (item) => item.guaranteed && item.hours.some((hour) => !locked.has(lockKeyOf(hour.screen_id))),
  );
  if (unlocked) throw conflict('The inventory changed while the campaign was being booked: try again');
  assertFits(quote);
  if (checkBalance) await assertBudget(tx, campaign, quote.total_minor);
  await writeReservations(tx, id, quote);
  return quote;
}

/**
 * Hold (DRAFT → HELD for HOLD_HOURS) or book (DRAFT or HELD → BOOKED) in one transaction: the
 * campaign's row locked, then its inventory reserved (reserveInventory); a 409 naming what fits,
 * or the budget, writes nothing.
 */
async function reserve(ctx: ServiceContext, id: string, to: 'HELD' | 'BOOKED'): Promise<Campaign> {
  const campaign = await getCampaign(ctx, id);
  const now = new Date();
  await releaseExpiredHolds(ctx, now);
  const cards = await loadCards(ctx.db);
  const action = to === 'HELD' ? 'held' : 'booked';
  await inTransaction(ctx, async (tx) => {
    await lockCampaign(tx, id, now, to === 'HELD' ? ['DRAFT'] : ['DRAFT', 'HELD'], action);
    const items = await lineItemsOf(tx, id);
    if (items.length === 0) throw conflict(`"${campaign.name}" has no line items to be ${action}`);
    await reserveInventory(ctx, tx, campaign, items, { cards, now, checkBalance: to === 'BOOKED' });
    await tx
      .update(campaigns)
      .set({
        status: to,
        holdExpiresAt: to === 'HELD' ? new Date(now.getTime() + HOLD_HOURS * 3_600_000) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(campaigns.id, id));
  });
  return getCampaign(ctx, id);
}

export const holdCampaign = (ctx: ServiceContext, id: string) => reserve(ctx, id, 'HELD');

/** Books, then plans the flights already begun at once (decision 084), so no screen waits for the next tick. */
export async function bookCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  await reserve(ctx, id, 'BOOKED');
  const replanned = await replanCampaigns(ctx.db, { campaignId: id });
  if (replanned.changedAdIds.length > 0) await ctx.emit({ type: 'ads.changed', adIds: replanned.changedAdIds });
  return getCampaign(ctx, id);
}

/**
 * An ad is a creative of one live line item at a time (decision 084), so each play counts for one:
 * a line item sharing an ad with a held, booked or active one whose flight overlaps is a 409.
 */
async function assertCreativesFree(tx: Transaction, id: string, items: LineItemRow[], now: Date): Promise<void> {
  for (const item of items) {
    const [clash] = await tx
      .select({ name: lineItems.name, campaign: campaigns.name })
      .from(lineItems)
      .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
      .where(
        and(
          ne(campaigns.id, id),
          or(
            inArray(campaigns.status, ['BOOKED', 'ACTIVE']),
            and(eq(campaigns.status, 'HELD'), gt(campaigns.holdExpiresAt, now)),
          ),
          arrayOverlaps(lineItems.adIds, item.adIds),
          lte(lineItems.startsOn, item.endsOn),
          gte(lineItems.endsOn, item.startsOn),
        ),
      )
      .limit(1);
    if (clash) {
      throw conflict(
        `Line item "${item.name}" shares an ad with line item "${clash.name}" of campaign "${clash.campaign}", whose flight overlaps: an ad runs in one campaign at a time`,
      );
    }
  }
}

/**
 * DRAFT, HELD, BOOKED or ACTIVE → CANCELLED: its reservations and its plans of hours not begun are
 * deleted, so their inventory is free again and its creatives go back to their own targeting.
 * A make-good (decision 086) is paid by a credit AdLoop wrote to the advertiser's balance: only a
 * global admin cancels it, else the advertiser would keep the credit for plays never owed.
 */
export async function cancelCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  await getCampaign(ctx, id);
  const now = new Date();
  await inTransaction(ctx, async (tx, emit) => {
    await lockCampaign(tx, id, now, ['DRAFT', 'HELD', 'BOOKED', 'ACTIVE'], 'cancelled');
    if (ctx.caller.role !== 'GLOBAL_ADMIN') {
      const [makesGood] = await tx
        .select({ settles: lineItemResolutions.lineItemId })
        .from(lineItemResolutions)
        .innerJoin(lineItems, eq(lineItems.id, lineItemResolutions.makeGoodLineItemId))
        .where(eq(lineItems.campaignId, id))
        .limit(1);
      if (makesGood) {
        throw forbidden(
          "This campaign is a make-good, paid by AdLoop's credit to your balance: only AdLoop can cancel it; ask your account manager",
        );
      }
    }
    // Plans of hours begun stay, so plays a screen made under them are still accepted; later ones go.
    await tx
      .delete(lineItemPlans)
      .where(
        and(
          inArray(
            lineItemPlans.lineItemId,
            tx.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.campaignId, id)),
          ),
          gt(lineItemPlans.startsAt, now),
        ),
      );
    await tx
      .delete(campaignReservations)
      .where(
        inArray(
          campaignReservations.lineItemId,
          tx.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.campaignId, id)),
        ),
      );
    await tx
      .update(campaigns)
      .set({ status: 'CANCELLED', holdExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    const creatives = (await lineItemsOf(tx, id)).flatMap((item) => item.adIds);
    if (creatives.length > 0) await emit({ type: 'ads.changed', adIds: [...new Set(creatives)] });
  });
  return getCampaign(ctx, id);
}
