import { CAMPAIGN_NAME_MAX } from '@adloop/contract/campaigns';
import {
  earliestMakeGoodDay,
  type ShortfallResolution,
  type ShortfallResolutionCreate,
} from '@adloop/contract/make-goods';
import { and, eq, inArray } from 'drizzle-orm';
import { ads, adTransactions, campaigns, lineItemResolutions, lineItems } from '../../db/schema.ts';
import { inTransaction, type ServiceContext, type Transaction } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { loadCards, type StoredCard } from '../pricing/pricing.service.ts';
import { reserveInventory } from './booking.service.ts';
import { campaignDelivery } from './delivery.service.ts';
import { flightWindow, replanCampaigns } from './pacing.service.ts';
import { quantityOf, resolutionsOf, rupees, settlementOf, toResolution } from './settlement.ts';

type LineItemRow = typeof lineItems.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

const named = (prefix: string, name: string) => `${prefix}${name}`.slice(0, CAMPAIGN_NAME_MAX);

/** A CREDIT transaction of the advertiser's, completed now: what the balance counts (decision 086). */
async function writeCredit(
  tx: Transaction,
  ctx: ServiceContext,
  companyId: string,
  amountMinor: number,
  note: string,
  now: number,
): Promise<string> {
  const [row] = await tx
    .insert(adTransactions)
    .values({
      companyId,
      amountMinor,
      currency: 'INR',
      method: 'CREDIT',
      status: 'COMPLETED',
      reference: note,
      transactedAt: new Date(now),
      createdBy: ctx.caller.userId,
    })
    .returning({ id: adTransactions.id });
  return row!.id;
}

/** The line item's creatives that may still run: ACTIVE ads of its company (409 when none is). */
async function playableCreatives(tx: Transaction, companyId: string, item: LineItemRow): Promise<string[]> {
  const rows = await tx
    .select({ id: ads.id })
    .from(ads)
    .where(and(inArray(ads.id, item.adIds), eq(ads.companyId, companyId), eq(ads.status, 'ACTIVE')));
  if (rows.length === 0) {
    throw conflict(
      `None of line item "${item.name}"'s creatives is ACTIVE any more: a make-good needs one to play; approve one, or credit the shortfall`,
    );
  }
  return item.adIds.filter((id) => rows.some((row) => row.id === id));
}

/**
 * The make-good (decision 086): a new campaign of the advertiser's, booked at once, of one
 * guaranteed line item for the shortfall in the goal's unit — the same targeting, dayparts,
 * creatives still ACTIVE, spot length and cap per screen-hour, paced EVEN over the admin's flight —
 * its inventory reserved as a booking reserves it (a 409 naming what fits). Its plays are priced and
 * paid to venues as any; a credit of its quoted price pays for them, and its budget cap is that
 * credit, so the advertiser never pays for a make-good play.
 */
async function bookMakeGood(
  tx: Transaction,
  ctx: ServiceContext,
  original: { campaign: CampaignRow; item: LineItemRow; shortfall: number },
  flight: { startsOn: string; endsOn: string },
  { cards, now }: { cards: StoredCard[]; now: number },
) {
  const { campaign, item, shortfall } = original;
  const [made] = await tx
    .insert(campaigns)
    .values({ companyId: campaign.companyId, name: named('Make-good: ', campaign.name), createdBy: ctx.caller.userId })
    .returning();
  const [makeGood] = await tx
    .insert(lineItems)
    .values({
      campaignId: made!.id,
      name: named('Make-good: ', item.name),
      startsOn: flight.startsOn,
      endsOn: flight.endsOn,
      goalKind: item.goalKind,
      goalQuantity: shortfall,
      pacing: 'EVEN',
      maxPlaysPerScreenHour: item.maxPlaysPerScreenHour,
      guaranteed: true,
      spotSeconds: item.spotSeconds,
      targeting: item.targeting,
      adIds: await playableCreatives(tx, campaign.companyId, item),
    })
    .returning();
  const quote = await reserveInventory(
    ctx,
    tx,
    { id: made!.id, company_id: made!.companyId, budget_cap_minor: null },
    [makeGood!],
    { cards, now: new Date(now), checkBalance: false },
  );
  const funding = quote.total_minor;
  const transactionId =
    funding > 0
      ? await writeCredit(
          tx,
          ctx,
          campaign.companyId,
          funding,
          `Make-good funding: "${made!.name}" for line item "${item.name}" of "${campaign.name}"`,
          now,
        )
      : null;
  await tx
    .update(campaigns)
    .set({ status: 'BOOKED', budgetCapMinor: funding > 0 ? funding : null })
    .where(eq(campaigns.id, made!.id));
  return { campaignId: made!.id, lineItemId: makeGood!.id, funding, transactionId };
}

/**
 * `POST /api/campaigns/:id/line-items/:lineItemId/shortfall-resolution` (decision 086): a global
 * admin settles, once, a guaranteed line item of a COMPLETED campaign that ended short — by a
 * make-good over a flight still to come, or a credit of quoted price × shortfall ÷ goal (paise,
 * rounded down) — in one transaction, under the line item's row lock. What is not owed is a 409
 * saying why, by the rule the campaign page reads (settlement.ts).
 */
export async function resolveShortfall(
  ctx: ServiceContext,
  campaignId: string,
  lineItemId: string,
  input: ShortfallResolutionCreate,
  { now = Date.now() }: { now?: number } = {},
): Promise<ShortfallResolution> {
  const delivery = await campaignDelivery(ctx, campaignId, { now });
  const line = delivery.line_items.find((candidate) => candidate.line_item_id === lineItemId);
  if (!line) throw notFound('Line item');
  if (line.settlement.state !== 'OPEN') throw conflict(line.settlement.reason ?? 'Nothing is owed');
  const shortfall = line.shortfall_quantity!;
  const flight = input.kind === 'MAKE_GOOD' ? { startsOn: input.starts_on!, endsOn: input.ends_on! } : null;
  if (flight && flightWindow(flight).opens <= now) {
    const earliest = earliestMakeGoodDay(now);
    throw fieldError(
      'starts_on',
      `starts_on ${flight.startsOn} has already begun somewhere: a make-good flies on dates still to come everywhere, from ${earliest}`,
    );
  }
  if (input.kind === 'CREDIT' && line.settlement.credit_minor === 0) {
    throw conflict(
      `The shortfall's share of line item "${line.name}"'s quoted price rounds to ${rupees(0)}: there is nothing to credit; propose a make-good`,
    );
  }
  const cards = flight ? await loadCards(ctx.db) : [];

  const made = await inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .select({ item: lineItems, campaign: campaigns })
      .from(lineItems)
      .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
      .where(and(eq(lineItems.id, lineItemId), eq(lineItems.campaignId, campaignId)))
      .for('update', { of: lineItems });
    if (!row) throw notFound('Line item');
    // Read again under the lock: of two admins settling at once, the second sees the first's choice.
    const settled = (await resolutionsOf(tx, [lineItemId])).get(lineItemId);
    const rule = settlementOf({
      campaign: row.campaign,
      item: row.item,
      delivery: line,
      resolution: settled ?? null,
      makesGood: null,
    });
    if (rule.state !== 'OPEN') throw conflict(rule.reason ?? 'Nothing is owed');

    const short = `${quantityOf(row.item.goalKind, shortfall)} short`;
    let resolution: typeof lineItemResolutions.$inferInsert;
    let booked: Awaited<ReturnType<typeof bookMakeGood>> | null = null;
    if (flight) {
      booked = await bookMakeGood(tx, ctx, { ...row, shortfall }, flight, { cards, now });
      resolution = {
        lineItemId,
        kind: 'MAKE_GOOD',
        shortfallQuantity: shortfall,
        creditMinor: booked.funding,
        transactionId: booked.transactionId,
        makeGoodLineItemId: booked.lineItemId,
      };
    } else {
      const credit = rule.credit_minor!;
      const note = `Shortfall credit: line item "${row.item.name}" of "${row.campaign.name}", ${short}`;
      resolution = {
        lineItemId,
        kind: 'CREDIT',
        shortfallQuantity: shortfall,
        creditMinor: credit,
        transactionId: await writeCredit(tx, ctx, row.campaign.companyId, credit, note, now),
      };
    }
    await tx
      .insert(lineItemResolutions)
      .values({ ...resolution, resolvedBy: ctx.caller.userId, resolvedAt: new Date(now) });
    return booked;
  });

  // The make-good's flight may be near: plan its first hours now, as a booking does.
  if (made) {
    const replanned = await replanCampaigns(ctx.db, { campaignId: made.campaignId, now });
    if (replanned.changedAdIds.length > 0) await ctx.emit({ type: 'ads.changed', adIds: replanned.changedAdIds });
  }
  const stored = (await resolutionsOf(ctx.db, [lineItemId])).get(lineItemId);
  return toResolution(stored!);
}
