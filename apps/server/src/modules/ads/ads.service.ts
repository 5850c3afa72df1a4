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
import type { AdTargeting } from '@adloop/contract/targeting';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies, playbackLogs } from '../../db/schema.ts';
import { type Caller, inTransaction, type ServiceContext } from '../../lib/context.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { assertWritableFields } from '../../lib/field-grants.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { assertCallersCompany, reachesAll, scopedByTenancy } from '../../lib/scope.ts';
import { closeRevision, proposeContent, rebaseRevision, reviewVariantsOf, revisionsOf } from './ad-revision-store.ts';
import {
  adTargetsAnyScreenOf,
  assertTargetsExist,
  countReach,
  scheduleColumns,
  scheduleOf,
  targetingColumns,
  targetingOf,
} from './ad-targeting.ts';
import { recordAdVersion, recordVersionIfMissing, type Transaction } from './ad-version-log.ts';

type AdRow = typeof ads.$inferSelect;

function toAd(ad: AdRow, companyName: string): Omit<Ad, 'revision'> {
  return {
    id: ad.id,
    company_id: ad.companyId,
    company: { name: companyName },
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
    // Outlet staff read the ads that play on their screens: active ads of an active advertiser
    // whose targeting matches at least one of their outlets' active screens (decision 032).
    outlet: (outletIds) =>
      outletIds.length > 0
        ? and(eq(ads.status, 'ACTIVE'), eq(companies.isActive, true), adTargetsAnyScreenOf(outletIds))
        : sql`false`,
  });
}

const SORTABLE = {
  title: ads.title,
  status: ads.status,
  type: ads.type,
  version: ads.version,
  created_at: ads.createdAt,
  updated_at: ads.updatedAt,
};

export interface AdListQuery extends ListQuery {
  status?: AdStatus;
  type?: AdType;
  company_id?: string;
}

export async function listAds(ctx: ServiceContext, query: AdListQuery): Promise<Page<Ad>> {
  const { db, caller } = ctx;
  const where = and(
    visibleAds(caller),
    searchOf(query.q, [ads.title, companies.name]),
    query.status ? eq(ads.status, query.status) : undefined,
    query.type ? eq(ads.type, query.type) : undefined,
    query.company_id ? eq(ads.companyId, query.company_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ad: ads, companyName: companies.name })
      .from(ads)
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, desc(ads.createdAt), ads.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(ads).innerJoin(companies, eq(companies.id, ads.companyId)).where(where),
  ]);
  return pageOf(
    await withRevisions(
      db,
      rows.map((row) => toAd(row.ad, row.companyName)),
    ),
    query,
    total?.value,
  );
}

export async function getAd(ctx: ServiceContext, id: string): Promise<Ad> {
  const { db, caller } = ctx;
  const [row] = await db
    .select({ ad: ads, companyName: companies.name })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.id, id), visibleAds(caller)));
  if (!row) throw notFound('Ad');
  const [ad] = await withRevisions(db, [toAd(row.ad, row.companyName)]);
  return ad!;
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
  if (change.status === 'REJECTED') throw fieldError('status', 'Reject an ad with a reason: POST /api/ads/:id/reject');
  const content = contentOf(change);
  const held = !reviewer && isLive(before.status) && Object.keys(content).length > 0;
  const direct: AdUpdate = held ? { targeting: change.targeting, schedule: change.schedule } : change;
  const writesAd = Object.values(direct).some((value) => value !== undefined);
  await assertTargetsExist(db, change.targeting);
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
 * Creates an ad for the caller's company (a global admin names the company). Only a global
 * admin may publish straight to ACTIVE; everyone else starts in DRAFT or PENDING_REVIEW.
 */
export async function createAd(ctx: ServiceContext, input: AdCreate): Promise<Ad> {
  const { db, caller } = ctx;
  const companyId = reachesAll(caller) ? input.company_id : (input.company_id ?? caller.companyIds[0]);
  if (!companyId) throw fieldError('company_id', 'Choose the company the ad is for');
  assertCallersCompany(caller, companyId);
  const status = input.status ?? 'DRAFT';
  if (!caller.can('ads', 'approve') && !['DRAFT', 'PENDING_REVIEW'].includes(status)) {
    throw forbidden('Only a global admin can publish an ad; submit it for review instead');
  }
  if (status === 'REJECTED') throw fieldError('status', 'An ad cannot be created rejected');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  await assertTargetsExist(db, input.targeting);
  const createdBy = caller.userId;
  const id = await inTransaction(ctx, async (tx, emit) => {
    const [row] = await tx
      .insert(ads)
      .values({
        companyId,
        title: input.title,
        type: input.type,
        mediaUrl: input.media_url,
        durationSeconds: input.type === 'IMAGE' ? (input.duration_seconds ?? null) : null,
        status,
        ...targetingColumns(input.targeting),
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
  const ad = await getAd(ctx, id);
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

/** How many screens an ad with this targeting would reach; advertisers may target any outlet (docs/design.md §5). */
export function reachOf({ db }: ServiceContext, targeting: AdTargeting): Promise<AdReach> {
  return countReach(db, targeting);
}
