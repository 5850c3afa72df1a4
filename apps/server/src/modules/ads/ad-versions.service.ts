import {
  AD_VERSION_FIELDS,
  type Ad,
  type AdUpdate,
  type AdVersion,
  type AdVersionField,
  type AdVersionKind,
} from '@adloop/contract/ads';
import { and, desc, eq } from 'drizzle-orm';
import { adVersions, users } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { getAd, updateAd } from './ads.service.ts';

type VersionRow = typeof adVersions.$inferSelect;
type VersionValues = Pick<AdVersion, AdVersionField>;

/** The fields a rollback copies back: the creative, never the status (review decides that). */
const ROLLBACK_FIELDS = ['title', 'type', 'media_url', 'duration_seconds'] as const;

function valuesOf(row: VersionRow): VersionValues {
  return {
    title: row.title,
    type: row.type,
    media_url: row.mediaUrl,
    duration_seconds: row.durationSeconds,
    status: row.status,
  };
}

function noteOf(kind: AdVersionKind, rolledBackTo: number | null): string {
  if (kind === 'rolled-back') return `Rolled back to v${rolledBackTo}`;
  if (kind === 'recorded') return 'Saved before history was kept';
  return kind === 'created' ? 'Created' : 'Edited';
}

/** What a version changed against the one before it; the first version has nothing to compare. */
function changesBetween(previous: VersionValues | undefined, current: VersionValues): AdVersion['changes'] {
  if (!previous) return [];
  return AD_VERSION_FIELDS.filter((field) => previous[field] !== current[field]).map((field) => ({
    field,
    from: previous[field],
    to: current[field],
  }));
}

/** Every saved version of a visible ad, newest first, each with what it changed. */
export async function listAdVersions(ctx: ServiceContext, id: string): Promise<AdVersion[]> {
  const { db } = ctx;
  const ad = await getAd(ctx, id);
  const rows = await db
    .select({ version: adVersions, editorName: users.name })
    .from(adVersions)
    .leftJoin(users, eq(users.id, adVersions.changedBy))
    .where(eq(adVersions.adId, id))
    .orderBy(desc(adVersions.version));
  return rows.map(({ version: row, editorName }, index) => {
    const values = valuesOf(row);
    const older = rows[index + 1];
    return {
      version: row.version,
      ...values,
      kind: row.kind,
      rolled_back_to: row.rolledBackTo,
      note: noteOf(row.kind, row.rolledBackTo),
      changed_by: row.changedBy && editorName !== null ? { id: row.changedBy, name: editorName } : null,
      changed_at: row.changedAt.toISOString(),
      is_current: row.version === ad.version,
      changes: changesBetween(older ? valuesOf(older.version) : undefined, values),
    };
  });
}

/**
 * Copies an earlier version's creative onto the ad as a new version. It goes through
 * `updateAd`, so an advertiser's rollback of a running ad's media goes to review like any edit.
 */
export async function rollbackAd(ctx: ServiceContext, id: string, version: number): Promise<Ad> {
  const { db } = ctx;
  const ad = await getAd(ctx, id);
  const [target] = await db
    .select()
    .from(adVersions)
    .where(and(eq(adVersions.adId, id), eq(adVersions.version, version)));
  if (!target) throw notFound(`Version ${version}`);
  if (version === ad.version) throw conflict(`Version ${version} is already the current version`);
  const wanted = valuesOf(target);
  const change: AdUpdate = {};
  for (const field of ROLLBACK_FIELDS) {
    if (wanted[field] !== ad[field]) Object.assign(change, { [field]: wanted[field] });
  }
  if (Object.keys(change).length === 0) {
    throw conflict(`Version ${version} has the same title and media as the current version: nothing to roll back`);
  }
  return updateAd(ctx, id, change, version);
}
