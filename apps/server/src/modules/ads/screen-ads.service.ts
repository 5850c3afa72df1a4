import type { ScreenAd } from '@adloop/contract/screen';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../screens/screen-auth.service.ts';
import { adTargetsPlace, placeOfScreen, scheduleOf } from './ad-targeting.ts';

/**
 * The ads a screen plays: every active ad of an active advertiser whose targeting matches the
 * screen, highest priority first, then oldest first. Each carries its schedule, which the
 * player applies on its own clock, so a window opening or closing needs no request (decision 032).
 */
export async function listAdsForScreen(db: Database, screen: ScreenPrincipal): Promise<ScreenAd[]> {
  const place = await placeOfScreen(db, screen.screenId);
  if (!place) return [];
  const rows = await db
    .select({ ad: ads, companyName: companies.name })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.status, 'ACTIVE'), eq(companies.isActive, true), adTargetsPlace(place)))
    .orderBy(desc(ads.priority), asc(ads.createdAt), asc(ads.id));
  return rows.map(({ ad, companyName }) => ({
    id: ad.id,
    company_id: ad.companyId,
    title: ad.title,
    type: ad.type,
    media_url: ad.mediaUrl,
    duration_seconds: ad.durationSeconds,
    version: ad.version,
    company: { name: companyName },
    schedule: { ...scheduleOf(ad), timezone: place.timezone },
  }));
}
