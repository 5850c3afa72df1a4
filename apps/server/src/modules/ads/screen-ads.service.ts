import type { ScreenAd } from '@adloop/contract/screen';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies } from '../../db/schema.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import { adTargetsPlace, PLACE_ROW, placeOfScreenRow } from './ad-targeting.ts';
import { screenVariantsOf } from './ad-variants.service.ts';

interface ScreenAdRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  title: string;
  type: ScreenAd['type'];
  media_url: string;
  duration_seconds: number | null;
  version: number;
  company_name: string;
  timezone: string;
  start_date: string | null;
  end_date: string | null;
  days_of_week: number[];
  start_time: string | null;
  end_time: string | null;
  priority: number;
  share_of_voice: number;
}

/**
 * The ads a screen plays: every active ad of an active advertiser whose targeting matches the
 * screen, highest priority first, then oldest first, in one statement with the screen's place.
 * Each carries its schedule, which the player applies on its own clock, so a window opening or
 * closing needs no request (decision 032).
 */
export async function listAdsForScreen(db: Database, screen: ScreenPrincipal): Promise<ScreenAd[]> {
  const result = await db.execute<ScreenAdRow>(sql`
    select ${ads.id} as id, ${ads.companyId} as company_id, ${ads.title} as title, ${ads.type} as type,
      ${ads.mediaUrl} as media_url, ${ads.durationSeconds} as duration_seconds, ${ads.version} as version,
      ${companies.name} as company_name, place.timezone as timezone,
      ${ads.startDate}::text as start_date, ${ads.endDate}::text as end_date, ${ads.daysOfWeek} as days_of_week,
      to_char(${ads.startTime}, 'HH24:MI') as start_time, to_char(${ads.endTime}, 'HH24:MI') as end_time,
      ${ads.priority} as priority, ${ads.shareOfVoice} as share_of_voice
    from ${placeOfScreenRow(screen.screenId)}
    inner join ${ads} on ${adTargetsPlace(PLACE_ROW)}
    inner join ${companies} on ${companies.id} = ${ads.companyId} and ${companies.isActive}
    order by ${ads.priority} desc, ${ads.createdAt} asc, ${ads.id} asc`);
  const rows = (result as unknown as { rows: ScreenAdRow[] }).rows;
  const variants = await screenVariantsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    title: row.title,
    type: row.type,
    media_url: row.media_url,
    duration_seconds: row.duration_seconds,
    version: row.version,
    company: { name: row.company_name },
    schedule: {
      start_date: row.start_date,
      end_date: row.end_date,
      days_of_week: row.days_of_week,
      start_time: row.start_time,
      end_time: row.end_time,
      priority: row.priority,
      share_of_voice: row.share_of_voice,
      timezone: row.timezone,
    },
    ...(variants.has(row.id) ? { variants: variants.get(row.id) } : {}),
  }));
}
