import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenServedLists, takeovers } from '../../db/schema.ts';
import { fieldError } from '../../lib/http-error.ts';

/** What the screen said it showed when it took the picture. */
export interface ScreenshotShowing {
  ad_id?: string;
  ad_title?: string;
  takeover_id?: string;
}

/**
 * How far back a list or takeover the screen held still counts: an ad of a list just replaced
 * plays on until it ends, and an ad lasts at most an hour.
 */
const HELD_WITHIN = sql.raw(`interval '1 hour'`);

interface ShowableRow extends Record<string, unknown> {
  ad_held: boolean | null;
  takeover_held: boolean | null;
}

/**
 * Refuses (400, naming the field) a screenshot that says it shows an ad this screen was not
 * handed — on a list it held within the hour (decision 036's record) or as an ad takeover of it —
 * or a takeover that was not of this screen within the hour (decision 074).
 */
export async function assertShownOnScreen(db: Database, screenId: string, showing: ScreenshotShowing): Promise<void> {
  const { ad_id: adId, takeover_id: takeoverId } = showing;
  if (!adId && !takeoverId) return;
  const takeoverHeld = sql`${takeovers.screenIds} @> array[${screenId}::uuid]
    and ${takeovers.startedAt} <= now()
    and coalesce(${takeovers.endedAt}, ${takeovers.endsAt}, 'infinity'::timestamptz) >= now() - ${HELD_WITHIN}`;
  const result = await db.execute<ShowableRow>(sql`
    select
      case when ${adId ?? null}::uuid is null then null else (
        exists (
          select 1 from ${screenServedLists}
          where ${screenServedLists.screenId} = ${screenId}::uuid
            and ${adId ?? null}::uuid = any(${screenServedLists.adIds})
            and ${screenServedLists.servedAt} >= coalesce((
              -- The list in force an hour ago, and every list since.
              select max(${screenServedLists.servedAt}) from ${screenServedLists}
              where ${screenServedLists.screenId} = ${screenId}::uuid
                and ${screenServedLists.servedAt} <= now() - ${HELD_WITHIN}
            ), '-infinity'::timestamptz)
        ) or exists (
          select 1 from ${takeovers}
          where ${takeovers.kind} = 'AD' and ${takeovers.adId} = ${adId ?? null}::uuid and ${takeoverHeld}
        )
      ) end as ad_held,
      case when ${takeoverId ?? null}::uuid is null then null else exists (
        select 1 from ${takeovers} where ${takeovers.id} = ${takeoverId ?? null}::uuid and ${takeoverHeld}
      ) end as takeover_held`);
  const row = (result as unknown as { rows: ShowableRow[] }).rows[0];
  if (adId && !row?.ad_held) {
    throw fieldError(
      'querystring.ad_id',
      'ad_id is not an ad this screen was handed in the last hour (its ad list or an ad takeover of it)',
    );
  }
  if (takeoverId && !row?.takeover_held) {
    throw fieldError('querystring.takeover_id', 'takeover_id is not a takeover of this screen in the last hour');
  }
}
