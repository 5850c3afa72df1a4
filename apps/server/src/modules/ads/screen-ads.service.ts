import type { ScreenAd } from '@adloop/contract/screen';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../screens/screen-auth.service.ts';

/**
 * The ads a screen plays, in a stable order (oldest first). Every active ad of an active
 * advertiser plays everywhere until targeting arrives (issue 6).
 */
export async function listAdsForScreen(db: Database, _screen: ScreenPrincipal): Promise<ScreenAd[]> {
  const rows = await db
    .select({ ad: ads, companyName: companies.name })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.status, 'ACTIVE'), eq(companies.isActive, true)))
    .orderBy(asc(ads.createdAt), asc(ads.id));
  return rows.map(({ ad, companyName }) => ({
    id: ad.id,
    company_id: ad.companyId,
    title: ad.title,
    type: ad.type,
    media_url: ad.mediaUrl,
    duration_seconds: ad.durationSeconds,
    version: ad.version,
    company: { name: companyName },
  }));
}
