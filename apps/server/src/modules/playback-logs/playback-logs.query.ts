import type { Scope } from '@adloop/contract/permissions';
import { COMPANY_ROLES } from '@adloop/contract/roles';
import type { PlaybackLog, PlaybackLogQuery } from '@adloop/contract/screen';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playbackLogs } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Tenancy } from '../tenancy/tenancy.service.ts';

/** Company staff see plays of their company's ads; outlet staff plays on their outlets' screens. */
export function visiblePlays(tenancy: Tenancy, scope: Scope): SQL | undefined {
  if (scope === 'all') return undefined;
  if ((COMPANY_ROLES as readonly string[]).includes(tenancy.role)) {
    return tenancy.companyIds.length > 0 ? inArray(playbackLogs.companyId, tenancy.companyIds) : sql`false`;
  }
  return tenancy.outletIds.length > 0 ? inArray(playbackLogs.outletId, tenancy.outletIds) : sql`false`;
}

function encodeCursor(row: { playedAt: Date; id: string }): string {
  return Buffer.from(`${row.playedAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { playedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const playedAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(playedAt.getTime())) {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor this API gave out' }]);
  }
  return { playedAt, id };
}

/** Newest plays first, paged by a (played_at, id) cursor so inserts never shift a page. */
export async function listPlays(db: Database, tenancy: Tenancy, scope: Scope, query: PlaybackLogQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select()
    .from(playbackLogs)
    .where(
      and(
        visiblePlays(tenancy, scope),
        query.screen_id ? eq(playbackLogs.screenId, query.screen_id) : undefined,
        query.ad_id ? eq(playbackLogs.adId, query.ad_id) : undefined,
        query.company_id ? eq(playbackLogs.companyId, query.company_id) : undefined,
        query.outlet_id ? eq(playbackLogs.outletId, query.outlet_id) : undefined,
        query.from ? gte(playbackLogs.playedAt, new Date(query.from)) : undefined,
        query.to ? lt(playbackLogs.playedAt, new Date(query.to)) : undefined,
        after
          ? or(
              lt(playbackLogs.playedAt, after.playedAt),
              and(eq(playbackLogs.playedAt, after.playedAt), lt(playbackLogs.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(playbackLogs.playedAt), desc(playbackLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const data: PlaybackLog[] = page.map((row) => ({
    id: row.id,
    ad_id: row.adId,
    screen_id: row.screenId,
    company_id: row.companyId,
    outlet_id: row.outletId,
    play_date: row.playDate,
    play_time: row.playTime,
    play_count: row.playCount,
    played_at: row.playedAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    additional_info: row.additionalInfo as Record<string, unknown>,
  }));
  return { data, meta: { nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null } };
}
