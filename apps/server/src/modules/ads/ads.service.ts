import {
  AD_CONTENT_FIELDS,
  type Ad,
  type AdContent,
  type AdCreate,
  type AdReach,
  type AdStatus,
  type AdType,
  type AdUpdate,
} from '@adloop/contract/ads';
import { mayChangeAd } from '@adloop/contract/house-content';
import type { Action } from '@adloop/contract/permissions';
import type { AdTargeting } from '@adloop/contract/targeting';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adRevisions, ads, companies, playbackLogs } from '../../db/schema.ts';
import { type Caller, inTransaction, isCompanyRole, isOutletRole, type ServiceContext } from '../../lib/context.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { assertWritableFields } from '../../lib/field-grants.ts';
import { isAdvertiser } from '../../lib/house-content.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { assertCallersCompany, assertCallersOutlet, reachesAll, scopedByTenancy } from '../../lib/scope.ts';
import { closeRevision, proposeContent, rebaseRevision, reviewVariantsOf, revisionsOf } from './ad-revision-store.ts';
import {
  assertTargetsExist,
  countReach,
  scheduleColumns,
  scheduleOf,
  targetingColumns,
  targetingOf,
} from './ad-targeting.ts';
import { recordAdVersion, recordVersionIfMissing, type Transaction } from './ad-version-log.ts';
import { adsOfOutlets, houseAccountOf, houseTargeting } from './house-content.ts';

type AdRow = typeof ads.$inferSelect;

function toAd(ad: AdRow, companyName: string, houseOutletId: string | null): Omit<Ad, 'revision'> {
  return {
    id: ad.id,
    company_id: ad.companyId,
    company: { name: companyName },
    house_outlet_id: houseOutletId,
    title: ad.title,
    type: ad.type,
    media_url: ad.mediaUrl,
    duration_seconds: ad.durationSeconds,
    status: ad.status,
    rejection_reason: ad.rejectionReason,
    paused_by_admin: ad.pausedByAdmin,
    version: ad.version,
    targeting: targetingOf(ad),
    schedule: scheduleOf(ad),
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
  };
}

/** Which ads a caller reaches (docs/design.md §5); a row outside it answers 404, never 403. */
export function visibleAds(caller: Caller): SQL | undefined {
  return scopedByTenancy(caller, {
    company: (companyIds) => inArray(ads.companyId, companyIds),
    outlet: adsOfOutlets,
  });
}

const pendingRevision = and(eq(adRevisions.adId, ads.id), eq(adRevisions.status, 'PENDING'));

/**
 * The review queue (decision 091): new ads sent for review, and ads with an edit waiting (their
 * own content or their variants' creatives and links; decision 038 keeps those on a pending revision).
 */
export const awaitingReview = or(
  eq(ads.status, 'PENDING_REVIEW'),
  sql`exists (select 1 from ${adRevisions} where ${pendingRevision})`,
);

/** Since when an ad of the queue waits: its pending edit's sending, else its own last change (its submission). */
export const waitingSince =
  sql<Date>`coalesce((select ${adRevisions.submittedAt} from ${adRevisions} where ${pendingRevision}), ${ads.updatedAt})`.mapWith(
    ads.updatedAt,
  );

const SORTABLE = {
  title: ads.title,
  status: ads.status,
  type: ads.type,
  version: ads.version,
  created_at: ads.createdAt,
  updated_at: ads.updatedAt,
  waiting_since: waitingSince,
};

export interface AdListQuery extends ListQuery {
  status?: AdStatus;
  type?: AdType;
  company_id?: string;
  awaiting_review?: 'true';
}

export async function listAds(ctx: ServiceContext, query: AdListQuery): Promise<Page<Ad>> {
  const { db, caller } = ctx;
  const where = and(
    visibleAds(caller),
    searchOf(query.q, [ads.title, companies.name]),
    query.status ? eq(ads.status, query.status) : undefined,
    query.type ? eq(ads.type, query.type) : undefined,
    query.company_id ? eq(ads.companyId, query.company_id) : undefined,
    query.awaiting_review ? awaitingReview : undefined,
  );
  // The queue is worked oldest first, like any queue; the list shows the newest first.
  const unsorted = query.awaiting_review ? asc(waitingSince) : desc(ads.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ad: ads, companyName: companies.name, houseOutletId: companies.houseOutletId })
      .from(ads)
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, unsorted, ads.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(ads).innerJoin(companies, eq(companies.id, ads.companyId)).where(where),
  ]);
  return pageOf(
    await withRevisions(
      db,
      rows.map((row) => toAd(row.ad, row.companyName, row.houseOutletId)),
    ),
    query,
    total?.value,
  );
}

export async function getAd(ctx: ServiceContext, id: string): Promise<Ad> {
  const { db, caller } = ctx;
  const [row] = await db
    .select({ ad: ads, companyName: companies.name, houseOutletId: companies.houseOutletId })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.id, id), visibleAds(caller)));
  if (!row) throw notFound('Ad');
  const [ad] = await withRevisions(db, [toAd(row.ad, row.companyName, row.houseOutletId)]);
  return ad!;
}

/**
 * A visible ad the caller may take `action` on: outlet staff read the paid ads that play on their
 * screens but change only their outlets' house content (decision 090), so a paid ad is a 403.
 */
export async function changeableAd(ctx: ServiceContext, id: string, action: Action): Promise<Ad> {
  const ad = await getAd(ctx, id);
  assertChangeable(ctx.caller, ad, action);
  return ad;
}

function assertChangeable(caller: Caller, ad: Ad, action: Action): void {
  if (!mayChangeAd(caller.role, action, ad)) {
    throw forbidden(`"${ad.title}" is an advertiser's ad: outlet staff change only their outlets' house content`);
  }
}

async function withRevisions(db: Database, shown: Array<Omit<Ad, 'revision'>>): Promise<Ad[]> {
  const withNone = shown.map((ad) => ({ ...ad, revision: null }));
  const revisions = await revisionsOf(db, withNone);
  return withNone.map((ad) => ({ ...ad, revision: revisions.get(ad.id) ?? null }));
}

/** ACTIVE and PAUSED ads passed review: changing what they show goes through review again. */
export const isLive = (status: AdStatus) => status === 'ACTIVE' || status === 'PAUSED';

const contentOfRow = (row: AdRow): AdContent => ({
  title: row.title,
  type: row.type,
  media_url: row.mediaUrl,
  duration_seconds: row.durationSeconds,
});

/** The fields of an edit that change what screens show. */
function contentOf(change: AdUpdate): Partial<AdContent> {
  const content: Partial<AdContent> = {};
  for (const field of AD_CONTENT_FIELDS)
    if (change[field] !== undefined) Object.assign(content, { [field]: change[field] });
  return content;
}

/**
 * Writes an edit to the ad row as its next version, recorded with who made it (decision 031).
 * `type` is the ad's type before the edit: videos play to their end, so they keep no duration.
 */
export async function saveAdEdit(
  tx: Transaction,
  id: string,
  type: AdType,
  change: AdUpdate,
  editedBy: string | null,
  rolledBackTo: number | null = null,
): Promise<AdRow> {
  await recordVersionIfMissing(tx, id);
  const status = change.status;
  const [row] = await tx
    .update(ads)
    .set({
      title: change.title,
      mediaUrl: change.media_url,
      type: change.type,
      durationSeconds: (change.type ?? type) === 'VIDEO' ? null : change.duration_seconds,
      status,
      rejectionReason: status !== undefined ? null : undefined,
      // Only a reviewer sets a status, so a pause set here is a global admin's.
      pausedByAdmin: status === undefined ? undefined : status === 'PAUSED',
      ...targetingColumns(change.targeting),
      ...scheduleColumns(change.schedule),
      version: sql`${ads.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(ads.id, id))
    .returning();
  if (!row) throw notFound('Ad');
  await recordAdVersion(tx, row, rolledBackTo === null ? 'edited' : 'rolled-back', editedBy, rolledBackTo);
  return row;
}

/**
 * Edits an ad. Only a reviewer sets the status directly. An advertiser's change to what screens
 * show (title, media, type, duration) of a live ad is held for review and the reviewed version
 * keeps playing (decision 038); targeting and schedule apply at once, as every edit of an ad
 * not on screens does. A rollback is such an edit too (`rolledBackTo` names the version it copies).
 */
export async function updateAd(
  ctx: ServiceContext,
  id: string,
  change: AdUpdate,
  rolledBackTo: number | null = null,
): Promise<Ad> {
  const { db, caller } = ctx;
  const before = await getAd(ctx, id);
  const reviewer = caller.can('ads', 'approve');
  assertWritableFields(caller.role, 'ads', change);
  assertChangeable(caller, before, 'update');
  if (change.status === 'REJECTED') throw fieldError('status', 'Reject an ad with a reason: POST /api/ads/:id/reject');
  // House content keeps to its outlet's screens, whoever edits it (decision 090).
  const targeting =
    before.house_outlet_id && change.targeting
      ? houseTargeting(caller, before.house_outlet_id, change.targeting)
      : change.targeting;
  const content = contentOf(change);
  const held = !reviewer && isLive(before.status) && Object.keys(content).length > 0;
  const direct: AdUpdate = held ? { targeting, schedule: change.schedule } : { ...change, targeting };
  const writesAd = Object.values(direct).some((value) => value !== undefined);
  await assertTargetsExist(db, targeting);
  await inTransaction(ctx, async (tx, emit) => {
    // Screens playing it refetch, whatever the edit changed.
    await emit({ type: 'ads.changed', adIds: [id] });
    if (held) await proposeContent(tx, before, content, caller.userId);
    if (!writesAd) return;
    const row = await saveAdEdit(tx, id, before.type, direct, caller.userId, rolledBackTo);
    if (!held) await rebaseRevision(tx, id, contentOfRow(row));
    if (direct.status === undefined) return;
    if (direct.status === 'ACTIVE' && !isLive(before.status)) await reviewVariantsOf(tx, id);
    if (isLive(before.status) && !isLive(direct.status)) {
      await closeRevision(tx, id, 'The ad was taken off screens by a global admin', caller.userId);
    }
  });
  return getAd(ctx, id);
}

/**
 * The outlet whose house content a new ad is (decision 090), or null for an advertiser's ad: outlet
 * staff make only house content, for one of their outlets (their only one when they name none); a
 * global admin makes it by naming the outlet; advertisers never do.
 */
function houseOutletOf(caller: Caller, input: AdCreate): string | null {
  if (isCompanyRole(caller.role) && input.outlet_id) {
    throw forbidden("House content is an outlet's own; advertisers make ads for their company");
  }
  const house = input.outlet_id !== undefined || isOutletRole(caller.role);
  if (!house) return null;
  if (input.company_id) throw fieldError('company_id', 'House content belongs to its outlet, not to a company');
  const outletId = input.outlet_id ?? (caller.outletIds.length === 1 ? caller.outletIds[0] : undefined);
  if (!outletId) throw fieldError('outlet_id', 'Choose the outlet whose screens show it');
  assertCallersOutlet(caller, outletId);
  return outletId;
}

/**
 * Creates an ad for the caller's company (a global admin names the company), or an outlet's house
 * content (decision 090). Only a global admin may publish straight to ACTIVE; everyone else
 * starts in DRAFT or PENDING_REVIEW.
 */
export async function createAd(ctx: ServiceContext, input: AdCreate): Promise<Ad> {
  const { db, caller } = ctx;
  const houseOutletId = houseOutletOf(caller, input);
  const companyId = houseOutletId
    ? undefined
    : reachesAll(caller)
      ? input.company_id
      : (input.company_id ?? caller.companyIds[0]);
  if (!houseOutletId && !companyId) throw fieldError('company_id', 'Choose the company the ad is for');
  if (companyId) assertCallersCompany(caller, companyId);
  const status = input.status ?? 'DRAFT';
  if (!caller.can('ads', 'approve') && !['DRAFT', 'PENDING_REVIEW'].includes(status)) {
    throw forbidden('Only a global admin can publish an ad; submit it for review instead');
  }
  if (status === 'REJECTED') throw fieldError('status', 'An ad cannot be created rejected');
  if (companyId) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), isAdvertiser));
    if (!company) throw notFound('Company');
  }
  const targeting = houseOutletId ? houseTargeting(caller, houseOutletId, input.targeting) : input.targeting;
  await assertTargetsExist(db, targeting);
  const createdBy = caller.userId;
  const id = await inTransaction(ctx, async (tx, emit) => {
    const [row] = await tx
      .insert(ads)
      .values({
        companyId: houseOutletId ? await houseAccountOf(tx, houseOutletId) : companyId!,
        title: input.title,
        type: input.type,
        mediaUrl: input.media_url,
        durationSeconds: input.type === 'IMAGE' ? (input.duration_seconds ?? null) : null,
        status,
        ...targetingColumns(targeting),
        ...scheduleColumns(input.schedule),
        createdBy,
      })
      .returning();
    await recordAdVersion(tx, row!, 'created', createdBy);
    if (status === 'ACTIVE') await emit({ type: 'ads.changed', adIds: [row!.id] });
    return row!.id;
  });
  return getAd(ctx, id);
}

/** Deletes an ad that never played; one with proof of play is paused instead (409). */
export async function deleteAd(ctx: ServiceContext, id: string): Promise<Ad> {
  const { db } = ctx;
  const ad = await changeableAd(ctx, id, 'delete');
  const [played] = await db
    .select({ id: playbackLogs.id })
    .from(playbackLogs)
    .where(eq(playbackLogs.adId, id))
    .limit(1);
  if (played) throw conflict(`"${ad.title}" has proof of play; pause it instead of deleting it`);
  try {
    await db.delete(ads).where(eq(ads.id, id));
  } catch (error) {
    // Still referenced: a play that arrived meanwhile, a scan of one of its variants' links, or an
    // emergency takeover that showed it. Those records stay; the ad is paused instead.
    if (isForeignKeyViolation(error)) {
      throw conflict(`"${ad.title}" has a history (plays, link scans or an emergency takeover); pause it instead`);
    }
    throw error;
  }
  await ctx.emit({ type: 'ads.changed', adIds: [id] });
  return ad;
}

/**
 * How many screens an ad with this targeting would reach; advertisers may target any outlet
 * (docs/design.md §5). Outlet staff count among their own outlets' screens only, where their house
 * content plays (decision 090).
 */
export async function reachOf({ db, caller }: ServiceContext, targeting: AdTargeting): Promise<AdReach> {
  if (reachesAll(caller) || !isOutletRole(caller.role)) return countReach(db, targeting);
  const named = targeting.outlet_ids.filter((id) => caller.outletIds.includes(id));
  if (targeting.outlet_ids.length > 0 && named.length === 0) return { screens: 0, outlets: 0 };
  const outletIds = named.length > 0 ? named : caller.outletIds;
  return outletIds.length > 0 ? countReach(db, { ...targeting, outlet_ids: outletIds }) : { screens: 0, outlets: 0 };
}
