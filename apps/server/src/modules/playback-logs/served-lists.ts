import { createHash } from 'node:crypto';
import type { ScreenAd } from '@adloop/contract/screen';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenServedLists } from '../../db/schema.ts';

/**
 * Remembers what a screen was handed (decision 036): a row only when the ads or variants on its
 * list differ from the last row, so the table grows with changes, not with requests. Two
 * processes recording the same change at once write two equal rows, which is harmless.
 */
export async function recordServedList(db: Database, screenId: string, list: readonly ScreenAd[]): Promise<void> {
  const adIds = list.map((ad) => ad.id).sort();
  const variantIds = list.flatMap((ad) => (ad.variants ?? []).map((variant) => variant.id)).sort();
  const contentKey = createHash('sha1')
    .update(JSON.stringify([adIds, variantIds]))
    .digest('base64url');
  await db.execute(sql`
    insert into ${screenServedLists} (screen_id, content_key, ad_ids, variant_ids)
    select ${screenId}::uuid, ${contentKey}, ${sql.param(adIds)}::uuid[], ${sql.param(variantIds)}::uuid[]
    where coalesce((
      select ${screenServedLists.contentKey} from ${screenServedLists}
      where ${screenServedLists.screenId} = ${screenId}::uuid
      order by ${screenServedLists.servedAt} desc limit 1
    ), '') <> ${contentKey}
    on conflict do nothing`);
}
