import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, playbackLogs } from '../../db/schema.ts';
import { badRequest, type ErrorDetail, HttpError } from '../../lib/http-error.ts';
import type { ScreenPrincipal } from '../screens/screen-auth.service.ts';

/** A play may be reported late (a screen offline for days), but not from the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface IngestResult {
  stored: string[];
  duplicates: string[];
}

/**
 * Stores a batch of plays from one screen, all or nothing. Ids come from the player, so a
 * batch sent twice stores once: duplicates are ignored and reported.
 */
export async function ingestPlays(
  db: Database,
  screen: ScreenPrincipal,
  logs: PlaybackLogEntry[],
): Promise<IngestResult> {
  const invalid: ErrorDetail[] = [];
  const now = Date.now();
  logs.forEach((log, index) => {
    if (new Date(log.played_at).getTime() > now + FUTURE_TOLERANCE_MS) {
      invalid.push({ path: `logs.${index}.played_at`, message: 'is in the future' });
    }
  });
  if (invalid.length > 0) throw badRequest(`Invalid ${invalid[0]!.path}: ${invalid[0]!.message}`, invalid);

  const adIds = [...new Set(logs.map((log) => log.ad_id))];
  const known = await db.select({ id: ads.id, companyId: ads.companyId }).from(ads).where(inArray(ads.id, adIds));
  const companyOfAd = new Map(known.map((ad) => [ad.id, ad.companyId]));

  const refused: ErrorDetail[] = [];
  logs.forEach((log, index) => {
    if (log.screen_id !== screen.screenId) {
      refused.push({ path: `logs.${index}.screen_id`, message: 'is not the signed-in screen' });
    }
    if (log.outlet_id !== screen.outletId) {
      refused.push({ path: `logs.${index}.outlet_id`, message: "is not the screen's outlet" });
    }
    const companyId = companyOfAd.get(log.ad_id);
    if (!companyId) refused.push({ path: `logs.${index}.ad_id`, message: 'is not a known ad' });
    else if (companyId !== log.company_id) {
      refused.push({ path: `logs.${index}.company_id`, message: "is not the ad's company" });
    }
  });
  if (refused.length > 0) {
    throw new HttpError(403, 'FORBIDDEN', `Play refused: ${refused[0]!.path} ${refused[0]!.message}`, refused);
  }

  const rows = logs.map((log) => ({
    id: log.id,
    adId: log.ad_id,
    screenId: log.screen_id,
    companyId: log.company_id,
    outletId: log.outlet_id,
    adVersion: log.additional_info.ad_version ?? null,
    playedAt: new Date(log.played_at),
    playDate: log.play_date,
    playTime: log.play_time,
    playCount: log.play_count,
    additionalInfo: log.additional_info,
  }));
  const inserted = await db
    .insert(playbackLogs)
    .values(rows)
    .onConflictDoNothing({ target: playbackLogs.id })
    .returning({ id: playbackLogs.id });
  const stored = new Set(inserted.map((row) => row.id));
  const ids = [...new Set(logs.map((log) => log.id))];
  return { stored: ids.filter((id) => stored.has(id)), duplicates: ids.filter((id) => !stored.has(id)) };
}
