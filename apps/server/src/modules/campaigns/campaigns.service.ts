import type { Campaign, CampaignCreate, CampaignListQuery, CampaignUpdate } from '@adloop/contract/campaigns';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaignReservations, campaigns, companies, lineItemResolutions, lineItems } from '../../db/schema.ts';
import type { ServiceContext, Transaction } from '../../lib/context.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { assertCallersCompany, reachesAll, scopedByCompany } from '../../lib/scope.ts';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A draft, or a hold that has expired: a hold gives its inventory back when it expires and the
 * campaign reads, and may be edited, as a draft from then on (decision 084), whenever the row is
 * next written.
 */
export const isDraftNow = sql`(${campaigns.status} = 'DRAFT' or (${campaigns.status} = 'HELD' and ${campaigns.holdExpiresAt} <= now()))`;
const holdExpired = (row: CampaignRow) =>
  row.status === 'HELD' && row.holdExpiresAt !== null && row.holdExpiresAt.getTime() <= Date.now();

/** Its reservations go when a campaign is a draft again (an expired hold edited). */
export const releaseReservationsOf = (db: Database | Transaction, campaignId: string) =>
  db
    .delete(campaignReservations)
    .where(
      inArray(
        campaignReservations.lineItemId,
        db.select({ id: lineItems.id }).from(lineItems).where(eq(lineItems.campaignId, campaignId)),
      ),
    );

/** Whether the campaign makes good another's shortfall (decision 086). */
const makesGood = sql<boolean>`exists (select 1 from ${lineItemResolutions} join ${lineItems} on ${lineItems.id} = ${lineItemResolutions.makeGoodLineItemId} where ${lineItems.campaignId} = ${campaigns.id})`;

function toCampaign(row: CampaignRow, companyName: string, makeGood: boolean): Campaign {
  const expired = holdExpired(row);
  return {
    id: row.id,
    company_id: row.companyId,
    company: { name: companyName },
    name: row.name,
    status: expired ? 'DRAFT' : row.status,
    budget_cap_minor: row.budgetCapMinor,
    hold_expires_at: expired ? null : (row.holdExpiresAt?.toISOString() ?? null),
    make_good: makeGood,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const SORTABLE = {
  name: campaigns.name,
  status: campaigns.status,
  created_at: campaigns.createdAt,
  updated_at: campaigns.updatedAt,
};

export async function listCampaigns(ctx: ServiceContext, query: CampaignListQuery): Promise<Page<Campaign>> {
  const { db, caller } = ctx;
  const where = and(
    scopedByCompany(caller, campaigns.companyId),
    searchOf(query.q, [campaigns.name, companies.name]),
    query.status === 'DRAFT'
      ? isDraftNow
      : query.status === 'HELD'
        ? and(eq(campaigns.status, 'HELD'), sql`${campaigns.holdExpiresAt} > now()`)
        : query.status
          ? eq(campaigns.status, query.status)
          : undefined,
    query.company_id ? eq(campaigns.companyId, query.company_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ campaign: campaigns, companyName: companies.name, makeGood: makesGood })
      .from(campaigns)
      .innerJoin(companies, eq(companies.id, campaigns.companyId))
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, desc(campaigns.createdAt), campaigns.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db
      .select({ value: count() })
      .from(campaigns)
      .innerJoin(companies, eq(companies.id, campaigns.companyId))
      .where(where),
  ]);
  return pageOf(
    rows.map((row) => toCampaign(row.campaign, row.companyName, row.makeGood)),
    query,
    total?.value,
  );
}

export async function getCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  const { db, caller } = ctx;
  const [row] = await db
    .select({ campaign: campaigns, companyName: companies.name, makeGood: makesGood })
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.companyId))
    .where(and(eq(campaigns.id, id), scopedByCompany(caller, campaigns.companyId)));
  if (!row) throw notFound('Campaign');
  return toCampaign(row.campaign, row.companyName, row.makeGood);
}

/** A campaign the caller reaches that is still a DRAFT: only drafts change before booking (409 otherwise). */
export async function getDraftCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  const campaign = await getCampaign(ctx, id);
  if (campaign.status !== 'DRAFT') {
    throw conflict(`"${campaign.name}" is ${campaign.status}, not a draft: only a draft campaign may be changed`);
  }
  return campaign;
}

/** A draft campaign of the caller's company (a global admin names the company). */
export async function createCampaign(ctx: ServiceContext, input: CampaignCreate): Promise<Campaign> {
  const { db, caller } = ctx;
  const companyId = reachesAll(caller) ? input.company_id : (input.company_id ?? caller.companyIds[0]);
  if (!companyId) throw fieldError('company_id', 'Choose the company the campaign is for');
  assertCallersCompany(caller, companyId);
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const [row] = await db
    .insert(campaigns)
    .values({ companyId, name: input.name, budgetCapMinor: input.budget_cap_minor ?? null, createdBy: caller.userId })
    .returning({ id: campaigns.id });
  return getCampaign(ctx, row!.id);
}

export async function updateCampaign(ctx: ServiceContext, id: string, change: CampaignUpdate): Promise<Campaign> {
  await getDraftCampaign(ctx, id);
  // The status is checked again in the write, so a booking that lands meanwhile is not edited.
  const [row] = await ctx.db
    .update(campaigns)
    .set({
      name: change.name,
      budgetCapMinor: change.budget_cap_minor,
      status: 'DRAFT',
      holdExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(campaigns.id, id), isDraftNow))
    .returning({ id: campaigns.id });
  if (!row) throw conflict('The campaign is no longer a draft: only a draft campaign may be changed');
  await releaseReservationsOf(ctx.db, id);
  return getCampaign(ctx, id);
}

/** Deletes a draft campaign with its line items. */
export async function deleteCampaign(ctx: ServiceContext, id: string): Promise<void> {
  await getDraftCampaign(ctx, id);
  const [row] = await ctx.db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), isDraftNow))
    .returning({ id: campaigns.id });
  if (!row) throw conflict('The campaign is no longer a draft: only a draft campaign may be deleted');
}
