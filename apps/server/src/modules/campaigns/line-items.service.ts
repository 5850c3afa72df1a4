import type {
  LineItem,
  LineItemCreate,
  LineItemTargeting,
  LineItemTargetingInput,
  LineItemUpdate,
} from '@adloop/contract/campaigns';
import { ALWAYS } from '@adloop/contract/targeting';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, campaigns, lineItems } from '../../db/schema.ts';
import { inTransaction, type ServiceContext, type Transaction } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { assertTargetsExist, scheduleColumns, targetingColumns } from '../ads/ad-targeting.ts';
import { getCampaign, getDraftCampaign, isDraftNow, releaseReservationsOf } from './campaigns.service.ts';

type LineItemRow = typeof lineItems.$inferSelect;

const DAY_MS = 86_400_000;

function toLineItem(row: LineItemRow): LineItem {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    name: row.name,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    goal_kind: row.goalKind,
    goal_quantity: row.goalQuantity,
    pacing: row.pacing,
    daily_cap: row.dailyCap,
    max_plays_per_screen_hour: row.maxPlaysPerScreenHour,
    guaranteed: row.guaranteed,
    spot_seconds: row.spotSeconds,
    // The schedule's dates are the flight's.
    targeting: {
      ...row.targeting,
      schedule: { ...row.targeting.schedule, start_date: row.startsOn, end_date: row.endsOn },
    },
    ad_ids: row.adIds,
    quoted_price_minor: row.quotedPriceMinor,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored targeting: the ads' columns and schedule, normalised as an ad's are; the dates stay the flight's. */
function targetingToStore(input: LineItemTargetingInput | undefined): LineItemTargeting {
  const kinds = targetingColumns(input ?? {});
  const schedule = scheduleColumns(input?.schedule ?? {});
  return {
    tags: kinds.targetTags ?? [],
    outlet_ids: kinds.targetOutletIds ?? [],
    pincodes: kinds.targetPincodes ?? [],
    cities: kinds.targetCities ?? [],
    schedule: {
      ...ALWAYS,
      days_of_week: schedule.daysOfWeek ?? [],
      start_time: schedule.startTime ?? null,
      end_time: schedule.endTime ?? null,
      priority: schedule.priority ?? ALWAYS.priority,
      share_of_voice: schedule.shareOfVoice ?? ALWAYS.share_of_voice,
    },
  };
}

/**
 * The first day a flight may start: yesterday in UTC. A flight's days are read on each screen's
 * outlet clock, and somewhere a screen's day is still yesterday's while UTC's has begun.
 */
export function earliestFlightDay(now = new Date()): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

const daysOf = (startsOn: string, endsOn: string) => (Date.parse(endsOn) - Date.parse(startsOn)) / DAY_MS + 1;

/** The flight and goal a line item has once a write is applied: each rule of them, a 400 naming its field. */
type FlightAndGoal = Pick<LineItem, 'starts_on' | 'ends_on' | 'goal_kind' | 'goal_quantity' | 'daily_cap'>;

function assertFlightAndGoal(sent: LineItemUpdate, merged: FlightAndGoal) {
  const earliest = earliestFlightDay();
  for (const field of ['starts_on', 'ends_on'] as const) {
    const day = sent[field];
    if (day !== undefined && day < earliest) {
      throw fieldError(field, `${field} ${day} is in the past: a flight may start on ${earliest} or later`);
    }
  }
  if (merged.ends_on < merged.starts_on) {
    throw fieldError('ends_on', `ends_on ${merged.ends_on} is before starts_on ${merged.starts_on}`);
  }
  const days = daysOf(merged.starts_on, merged.ends_on);
  if (merged.goal_kind === 'PLAYS' && merged.daily_cap !== null && merged.daily_cap * days < merged.goal_quantity) {
    throw fieldError(
      'daily_cap',
      `daily_cap ${merged.daily_cap} over ${days} day${days === 1 ? '' : 's'} allows ${merged.daily_cap * days} plays, fewer than the goal of ${merged.goal_quantity}`,
    );
  }
}

/** Creatives: ads of the campaign's company that passed review (ACTIVE), each a 400 naming ad_ids otherwise. */
async function assertCreatives(db: Database, companyId: string, adIds: string[]): Promise<string[]> {
  const wanted = [...new Set(adIds.map((id) => id.toLowerCase()))];
  const found = await db
    .select({ id: ads.id, title: ads.title, status: ads.status })
    .from(ads)
    .where(and(inArray(ads.id, wanted), eq(ads.companyId, companyId)));
  const known = new Set(found.map((ad) => ad.id));
  // Another company's ad answers as unknown: its existence is not the caller's to learn.
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw fieldError('ad_ids', `No ads of the campaign's company with ids ${unknown.join(', ')}`);
  }
  const unapproved = found.filter((ad) => ad.status !== 'ACTIVE');
  if (unapproved.length > 0) {
    const named = unapproved.map((ad) => `"${ad.title}" (${ad.status})`).join(', ');
    throw fieldError('ad_ids', `Only approved, ACTIVE ads may run in a campaign: ${named}`);
  }
  return wanted;
}

/** Holds the campaign for the write, and only while it is a draft (a booking may land meanwhile). */
async function lockDraft(tx: Transaction, campaignId: string): Promise<void> {
  const [row] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), isDraftNow))
    .for('update');
  if (!row) throw conflict('The campaign is no longer a draft: only a draft campaign may be changed');
  // An expired hold becomes the draft it reads as, its reservations gone.
  const [expired] = await tx
    .update(campaigns)
    .set({ status: 'DRAFT', holdExpiresAt: null })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'HELD')))
    .returning({ id: campaigns.id });
  if (expired) await releaseReservationsOf(tx, campaignId);
}

export async function listLineItems(ctx: ServiceContext, campaignId: string): Promise<LineItem[]> {
  await getCampaign(ctx, campaignId);
  const rows = await ctx.db
    .select()
    .from(lineItems)
    .where(eq(lineItems.campaignId, campaignId))
    .orderBy(asc(lineItems.startsOn), asc(lineItems.createdAt), asc(lineItems.id));
  return rows.map(toLineItem);
}

export async function getLineItem(ctx: ServiceContext, campaignId: string, id: string): Promise<LineItem> {
  await getCampaign(ctx, campaignId);
  const [row] = await ctx.db
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.id, id), eq(lineItems.campaignId, campaignId)));
  if (!row) throw notFound('Line item');
  return toLineItem(row);
}

export async function createLineItem(
  ctx: ServiceContext,
  campaignId: string,
  input: LineItemCreate,
): Promise<LineItem> {
  const campaign = await getDraftCampaign(ctx, campaignId);
  const targeting = targetingToStore(input.targeting);
  assertFlightAndGoal(input, { ...input, daily_cap: input.daily_cap ?? null });
  const adIds = await assertCreatives(ctx.db, campaign.company_id, input.ad_ids);
  await assertTargetsExist(ctx.db, input.targeting);
  const row = await inTransaction(ctx, async (tx) => {
    await lockDraft(tx, campaignId);
    const [inserted] = await tx
      .insert(lineItems)
      .values({
        campaignId,
        name: input.name,
        startsOn: input.starts_on,
        endsOn: input.ends_on,
        goalKind: input.goal_kind,
        goalQuantity: input.goal_quantity,
        pacing: input.pacing,
        dailyCap: input.daily_cap ?? null,
        maxPlaysPerScreenHour: input.max_plays_per_screen_hour ?? null,
        guaranteed: input.guaranteed,
        spotSeconds: input.spot_seconds,
        targeting,
        adIds,
      })
      .returning();
    return inserted!;
  });
  return toLineItem(row);
}

export async function updateLineItem(
  ctx: ServiceContext,
  campaignId: string,
  id: string,
  change: LineItemUpdate,
): Promise<LineItem> {
  const campaign = await getDraftCampaign(ctx, campaignId);
  const before = await getLineItem(ctx, campaignId, id);
  assertFlightAndGoal(change, {
    starts_on: change.starts_on ?? before.starts_on,
    ends_on: change.ends_on ?? before.ends_on,
    goal_kind: change.goal_kind ?? before.goal_kind,
    goal_quantity: change.goal_quantity ?? before.goal_quantity,
    daily_cap: change.daily_cap === undefined ? before.daily_cap : change.daily_cap,
  });
  const targeting = change.targeting ? targetingToStore(change.targeting) : undefined;
  const adIds = change.ad_ids ? await assertCreatives(ctx.db, campaign.company_id, change.ad_ids) : undefined;
  await assertTargetsExist(ctx.db, change.targeting);
  const row = await inTransaction(ctx, async (tx) => {
    await lockDraft(tx, campaignId);
    const [updated] = await tx
      .update(lineItems)
      .set({
        name: change.name,
        startsOn: change.starts_on,
        endsOn: change.ends_on,
        goalKind: change.goal_kind,
        goalQuantity: change.goal_quantity,
        pacing: change.pacing,
        dailyCap: change.daily_cap,
        maxPlaysPerScreenHour: change.max_plays_per_screen_hour,
        guaranteed: change.guaranteed,
        spotSeconds: change.spot_seconds,
        targeting,
        adIds,
        updatedAt: sql`now()`,
      })
      .where(and(eq(lineItems.id, id), eq(lineItems.campaignId, campaignId)))
      .returning();
    if (!updated) throw notFound('Line item');
    return updated;
  });
  return toLineItem(row);
}

export async function deleteLineItem(ctx: ServiceContext, campaignId: string, id: string): Promise<void> {
  await getDraftCampaign(ctx, campaignId);
  await inTransaction(ctx, async (tx) => {
    await lockDraft(tx, campaignId);
    const [row] = await tx
      .delete(lineItems)
      .where(and(eq(lineItems.id, id), eq(lineItems.campaignId, campaignId)))
      .returning({ id: lineItems.id });
    if (!row) throw notFound('Line item');
  });
}
