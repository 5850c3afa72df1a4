import type { AdVersionKind } from '@adloop/contract/ads';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVersions } from '../../db/schema.ts';

/** Drizzle's transaction handle: the log is written in the same transaction as the ad. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type AdRow = typeof ads.$inferSelect;

/** Writes the ad row as it now stands as its version `row.version` (decision 031). */
export async function recordAdVersion(
  tx: Transaction,
  row: AdRow,
  kind: AdVersionKind,
  changedBy: string | null,
  rolledBackTo: number | null = null,
): Promise<void> {
  await tx.insert(adVersions).values({
    adId: row.id,
    version: row.version,
    title: row.title,
    type: row.type,
    mediaUrl: row.mediaUrl,
    durationSeconds: row.durationSeconds,
    status: row.status,
    kind,
    rolledBackTo,
    changedBy,
  });
}

/**
 * An ad inserted without the service (a seed, an import) has no version yet: keep its state
 * before an edit, so the edit's changes can be shown and rolled back.
 */
export async function recordVersionIfMissing(tx: Transaction, adId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${adVersions} (ad_id, version, title, type, media_url, duration_seconds, status, kind, changed_at)
    select id, version, title, type, media_url, duration_seconds, status, 'recorded', updated_at
    from ${ads} where ${eq(ads.id, adId)}
    on conflict (ad_id, version) do nothing`);
}
