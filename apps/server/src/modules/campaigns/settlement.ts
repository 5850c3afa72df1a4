import type { LineItemDelivery } from '@adloop/contract/campaign-delivery';
import type { CampaignStatus, GoalKind } from '@adloop/contract/campaigns';
import type { LineItemSettlement, ShortfallResolution } from '@adloop/contract/make-goods';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { campaigns, lineItemResolutions, lineItems } from '../../db/schema.ts';
import type { Transaction } from '../../lib/context.ts';

/**
 * What a guaranteed line item that ended short is owed (decision 086): the rule both the campaign
 * page and a settlement read, so the page offers exactly what the server would accept.
 */

type LineItemRow = typeof lineItems.$inferSelect;
type ResolutionRow = typeof lineItemResolutions.$inferSelect;
/** A resolution with the make-good campaign it booked (for a MAKE_GOOD). */
export type StoredResolution = ResolutionRow & { makeGood: { campaignId: string; campaignName: string } | null };
type MakesGood = NonNullable<LineItemSettlement['makes_good']>;

export const rupees = (minor: number) => `₹${(minor / 100).toFixed(2)}`;

/** "120 plays", "4,000 impressions" or "₹12.00" (a BUDGET goal is paise). */
export function quantityOf(kind: GoalKind, quantity: number): string {
  if (kind === 'BUDGET') return rupees(quantity);
  return `${quantity.toLocaleString('en-IN')} ${kind === 'PLAYS' ? 'play' : 'impression'}${quantity === 1 ? '' : 's'}`;
}

/** The shortfall's share of the quoted price, quoted × shortfall ÷ goal in paise rounded down, exact at any size. */
export function shortfallCredit(quotedPriceMinor: number, shortfall: number, goal: number): number {
  return Number((BigInt(quotedPriceMinor) * BigInt(shortfall)) / BigInt(goal));
}

/** What was chosen, for the 409 of a second settlement. */
export function describeResolution(item: Pick<LineItemRow, 'name'>, resolution: StoredResolution): string {
  const on = resolution.resolvedAt.toISOString().slice(0, 10);
  const how =
    resolution.kind === 'CREDIT'
      ? `a credit of ${rupees(resolution.creditMinor)}`
      : `a make-good, campaign "${resolution.makeGood?.campaignName ?? 'deleted'}"`;
  return `Line item "${item.name}" was already settled on ${on} by ${how}: a shortfall is settled once`;
}

export interface ShortfallFacts {
  campaign: { name: string; status: CampaignStatus };
  item: LineItemRow;
  delivery: Pick<LineItemDelivery, 'delivered_quantity' | 'shortfall_quantity'>;
  resolution: StoredResolution | null;
  makesGood: MakesGood | null;
}

/**
 * Whether the line item is owed anything now: RESOLVED once settled; NOT_OWED, with the reason a
 * settlement is refused, unless it is a guaranteed line item (not itself a make-good) of a
 * COMPLETED campaign that ended short of its goal and was booked at a quoted price; else OPEN,
 * with the credit a CREDIT would write.
 */
export function settlementOf({ campaign, item, delivery, resolution, makesGood }: ShortfallFacts): {
  state: LineItemSettlement['state'];
  reason: string | null;
  credit_minor: number | null;
} {
  if (resolution) return { state: 'RESOLVED', reason: describeResolution(item, resolution), credit_minor: null };
  const notOwed = (reason: string) => ({ state: 'NOT_OWED' as const, reason, credit_minor: null });
  if (makesGood) {
    return notOwed(
      `Line item "${item.name}" is itself the make-good of line item "${makesGood.line_item_name}": its plays were paid by a credit, and what it leaves undelivered stays on the balance as the unspent part of that credit`,
    );
  }
  if (campaign.status !== 'COMPLETED') {
    return notOwed(`"${campaign.name}" is ${campaign.status}: a shortfall is settled once the campaign is COMPLETED`);
  }
  if (!item.guaranteed) {
    return notOwed(`Line item "${item.name}" is not guaranteed: only a guaranteed line item is owed its shortfall`);
  }
  const shortfall = delivery.shortfall_quantity;
  if (shortfall === null) {
    return notOwed(`Line item "${item.name}" has not ended on every screen it booked: its shortfall is not known yet`);
  }
  if (shortfall <= 0) {
    return notOwed(
      `Line item "${item.name}" met its goal (${quantityOf(item.goalKind, delivery.delivered_quantity)} of ${quantityOf(item.goalKind, item.goalQuantity)}): nothing is owed`,
    );
  }
  if (item.quotedPriceMinor === null) {
    return notOwed(`Line item "${item.name}" has no quoted price: it was never booked`);
  }
  return {
    state: 'OPEN',
    reason: null,
    credit_minor: shortfallCredit(item.quotedPriceMinor, shortfall, item.goalQuantity),
  };
}

const makeGoodItems = alias(lineItems, 'make_good_items');
const makeGoodCampaigns = alias(campaigns, 'make_good_campaigns');

/** The resolutions of these line items, each with the make-good campaign it booked. */
export async function resolutionsOf(
  db: Database | Transaction,
  lineItemIds: string[],
): Promise<Map<string, StoredResolution>> {
  if (lineItemIds.length === 0) return new Map();
  const rows = await db
    .select({ resolution: lineItemResolutions, campaignId: makeGoodCampaigns.id, campaignName: makeGoodCampaigns.name })
    .from(lineItemResolutions)
    .leftJoin(makeGoodItems, eq(makeGoodItems.id, lineItemResolutions.makeGoodLineItemId))
    .leftJoin(makeGoodCampaigns, eq(makeGoodCampaigns.id, makeGoodItems.campaignId))
    .where(inArray(lineItemResolutions.lineItemId, lineItemIds));
  return new Map(
    rows.map(({ resolution, campaignId, campaignName }) => [
      resolution.lineItemId,
      {
        ...resolution,
        makeGood: campaignId && campaignName ? { campaignId, campaignName } : null,
      },
    ]),
  );
}

/** Of these line items, those that are make-goods: the line item each makes good. */
async function madeGoodBy(db: Database, lineItemIds: string[]): Promise<Map<string, MakesGood>> {
  if (lineItemIds.length === 0) return new Map();
  const rows = await db
    .select({
      makeGoodLineItemId: lineItemResolutions.makeGoodLineItemId,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      lineItemId: lineItems.id,
      lineItemName: lineItems.name,
    })
    .from(lineItemResolutions)
    .innerJoin(lineItems, eq(lineItems.id, lineItemResolutions.lineItemId))
    .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
    .where(inArray(lineItemResolutions.makeGoodLineItemId, lineItemIds));
  return new Map(
    rows.map((row) => [
      row.makeGoodLineItemId!,
      {
        campaign_id: row.campaignId,
        campaign_name: row.campaignName,
        line_item_id: row.lineItemId,
        line_item_name: row.lineItemName,
      },
    ]),
  );
}

export function toResolution(stored: StoredResolution): ShortfallResolution {
  return {
    line_item_id: stored.lineItemId,
    kind: stored.kind,
    shortfall_quantity: stored.shortfallQuantity,
    credit_minor: stored.creditMinor,
    transaction_id: stored.transactionId,
    make_good:
      stored.makeGood && stored.makeGoodLineItemId
        ? {
            campaign_id: stored.makeGood.campaignId,
            campaign_name: stored.makeGood.campaignName,
            line_item_id: stored.makeGoodLineItemId,
          }
        : null,
    resolved_by: stored.resolvedBy,
    resolved_at: stored.resolvedAt.toISOString(),
  };
}

/** Each line item's settlement, for the campaign's delivery answer. */
export async function settlementsOf(
  db: Database,
  campaign: ShortfallFacts['campaign'],
  items: LineItemRow[],
  deliveries: ReadonlyArray<Pick<LineItemDelivery, 'line_item_id' | 'delivered_quantity' | 'shortfall_quantity'>>,
): Promise<Map<string, LineItemSettlement>> {
  const ids = items.map((item) => item.id);
  const [resolutions, makeGoods] = await Promise.all([resolutionsOf(db, ids), madeGoodBy(db, ids)]);
  const settlements = new Map<string, LineItemSettlement>();
  for (const item of items) {
    const delivery = deliveries.find((line) => line.line_item_id === item.id);
    if (!delivery) continue;
    const resolution = resolutions.get(item.id) ?? null;
    const makesGood = makeGoods.get(item.id) ?? null;
    const rule = settlementOf({ campaign, item, delivery, resolution, makesGood });
    settlements.set(item.id, {
      state: rule.state,
      reason: rule.reason,
      credit_minor: rule.credit_minor,
      resolution: resolution ? toResolution(resolution) : null,
      makes_good: makesGood,
    });
  }
  return settlements;
}
