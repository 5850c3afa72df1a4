import type { Ad, AdCreate, AdStatus, AdUpdate } from '@adloop/contract/ads';
import type { Scope } from '@adloop/contract/permissions';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

type AdRow = typeof ads.$inferSelect;

function toAd(ad: AdRow, companyName: string): Ad {
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
    version: ad.version,
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
  };
}

/** Which ads a caller reaches (DESIGN §5); a row outside it answers 404, never 403. */
function visibleTo(tenancy: Tenancy, scope: Scope): SQL | undefined {
  if (scope === 'all') return undefined;
  if ((COMPANY_ROLES as readonly string[]).includes(tenancy.role)) {
    return tenancy.companyIds.length > 0 ? inArray(ads.companyId, tenancy.companyIds) : sql`false`;
  }
  // Outlet staff read the ads that play on their screens: every active ad until targeting (issue 6).
  return tenancy.outletIds.length > 0 ? eq(ads.status, 'ACTIVE') : sql`false`;
}

export interface AdListQuery {
  page: number;
  pageSize: number;
  q?: string;
  status?: AdStatus;
}

export async function listAds(db: Database, tenancy: Tenancy, scope: Scope, query: AdListQuery) {
  const where = and(
    visibleTo(tenancy, scope),
    query.q ? ilike(ads.title, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    query.status ? eq(ads.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ad: ads, companyName: companies.name })
      .from(ads)
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(ads).where(where),
  ]);
  return {
    data: rows.map((row) => toAd(row.ad, row.companyName)),
    meta: { page: query.page, pageSize: query.pageSize, total: total?.value ?? 0 },
  };
}

export async function getAd(db: Database, tenancy: Tenancy, scope: Scope, id: string): Promise<Ad> {
  const [row] = await db
    .select({ ad: ads, companyName: companies.name })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.id, id), visibleTo(tenancy, scope)));
  if (!row) throw notFound('Ad');
  return toAd(row.ad, row.companyName);
}

/** Edits an ad; every edit is a new version, and screens are told their list changed. */
export async function updateAd(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  id: string,
  change: AdUpdate,
): Promise<Ad> {
  await getAd(db, tenancy, scope, id);
  if (change.status !== undefined && tenancy.role !== 'GLOBAL_ADMIN') {
    throw forbidden("Only a global admin can change an ad's status");
  }
  await db
    .update(ads)
    .set({
      title: change.title,
      mediaUrl: change.media_url,
      type: change.type,
      durationSeconds: change.duration_seconds,
      status: change.status,
      version: sql`${ads.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(ads.id, id));
  return getAd(db, tenancy, scope, id);
}

/**
 * Creates an ad for the caller's company (a global admin names the company). Only a global
 * admin may publish straight to ACTIVE; everyone else starts in DRAFT or PENDING_REVIEW.
 */
export async function createAd(
  db: Database,
  tenancy: Tenancy,
  scope: Scope,
  input: AdCreate,
  createdBy: string,
): Promise<Ad> {
  const companyId = scope === 'all' ? input.company_id : (input.company_id ?? tenancy.companyIds[0]);
  if (!companyId) throw badRequest('company_id is required', [{ path: 'company_id', message: 'is required' }]);
  if (scope !== 'all' && !tenancy.companyIds.includes(companyId)) throw notFound('Company');
  const status = input.status ?? 'DRAFT';
  if (tenancy.role !== 'GLOBAL_ADMIN' && !['DRAFT', 'PENDING_REVIEW'].includes(status)) {
    throw forbidden('Only a global admin can publish an ad; submit it for review instead');
  }
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const [row] = await db
    .insert(ads)
    .values({
      companyId,
      title: input.title,
      type: input.type,
      mediaUrl: input.media_url,
      durationSeconds: input.type === 'IMAGE' ? (input.duration_seconds ?? null) : null,
      status,
      createdBy,
    })
    .returning({ id: ads.id });
  return getAd(db, tenancy, scope, row!.id);
}
