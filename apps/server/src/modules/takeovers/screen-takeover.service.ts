import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { and, arrayContains, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies, takeovers } from '../../db/schema.ts';
import { takeoverIsActive } from './takeover-view.ts';

/**
 * The takeover a screen shows now: the newest active one naming it. An ad takeover whose ad has
 * since been paused, rejected or its advertiser disabled no longer shows (the screen hears
 * `ads-changed` and asks again), so a pulled creative never stays on by way of a takeover.
 */
export async function activeTakeoverForScreen(db: Database, screenId: string): Promise<ScreenTakeover | null> {
  const [row] = await db
    .select({ takeover: takeovers, ad: ads, companyName: companies.name })
    .from(takeovers)
    .leftJoin(ads, eq(ads.id, takeovers.adId))
    .leftJoin(companies, eq(companies.id, ads.companyId))
    .where(
      and(
        arrayContains(takeovers.screenIds, [screenId]),
        takeoverIsActive,
        or(eq(takeovers.kind, 'MESSAGE'), and(eq(ads.status, 'ACTIVE'), eq(companies.isActive, true))),
      ),
    )
    .orderBy(desc(takeovers.startedAt), desc(takeovers.id))
    .limit(1);
  if (!row) return null;
  const { takeover, ad } = row;
  return {
    id: takeover.id,
    kind: takeover.kind,
    message: takeover.message,
    ad: ad
      ? {
          id: ad.id,
          company_id: ad.companyId,
          title: ad.title,
          type: ad.type,
          media_url: ad.mediaUrl,
          duration_seconds: ad.durationSeconds,
          version: ad.version,
          company: { name: row.companyName ?? '' },
        }
      : null,
    started_at: takeover.startedAt.toISOString(),
    ends_at: takeover.endsAt?.toISOString() ?? null,
  };
}
