import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenRequestTimes } from '../../db/schema.ts';
import { tooManyRequests } from '../../lib/http-error.ts';

/** Screenshot requests, and commands, staff may send one screen in any minute (decision 074). */
export const SCREEN_REQUESTS_PER_MINUTE = 6;

export type ScreenRequestKind = (typeof screenRequestTimes.kind.enumValues)[number];

const WINDOW = sql.raw(`interval '60 seconds'`);

const refusal: Record<ScreenRequestKind, string> = {
  screenshot: `This screen was asked for ${SCREEN_REQUESTS_PER_MINUTE} screenshots in the last minute`,
  command: `This screen was sent ${SCREEN_REQUESTS_PER_MINUTE} commands in the last minute`,
};

/**
 * Counts one request of the kind to the screen, or refuses it with 429 and Retry-After when the
 * screen had its limit of them in the last minute. One upsert of the screen's row, so concurrent
 * requests, in every process sharing the database, are counted one after another under its lock.
 */
export async function countScreenRequest(db: Database, screenId: string, kind: ScreenRequestKind): Promise<void> {
  const counted = await db.execute(sql`
    insert into ${screenRequestTimes} as held (screen_id, kind, sent_at)
    values (${screenId}::uuid, ${kind}, array[now()])
    on conflict (screen_id, kind) do update
      set sent_at = array(
        select recent from unnest(held.sent_at) as recent where recent > now() - ${WINDOW} order by recent
      ) || now()
      where (select count(*) from unnest(held.sent_at) as recent where recent > now() - ${WINDOW})
        < ${SCREEN_REQUESTS_PER_MINUTE}
    returning 1 as counted`);
  if ((counted as unknown as { rows: unknown[] }).rows.length > 0) return;

  // Refused: the oldest request of the minute leaves the window first.
  const waited = await db.execute<{ wait_seconds: number | null }>(sql`
    select ceil(extract(epoch from min(recent) + ${WINDOW} - now()))::int as wait_seconds
    from ${screenRequestTimes}, unnest(${screenRequestTimes.sentAt}) as recent
    where ${screenRequestTimes.screenId} = ${screenId}::uuid and ${screenRequestTimes.kind} = ${kind}
      and recent > now() - ${WINDOW}`);
  const row = (waited as unknown as { rows: { wait_seconds: number | null }[] }).rows[0];
  const seconds = Math.max(1, row?.wait_seconds ?? 1);
  throw tooManyRequests(`${refusal[kind]}; try again in ${seconds} s`, seconds);
}
