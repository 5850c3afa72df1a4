import type { Takeover, TakeoverScreen, TakeoverStatus } from '@adloop/contract/takeovers';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, companies, outlets, screens, takeovers, users } from '../../db/schema.ts';
import type { Caller } from '../../lib/context.ts';
import { reachesAll } from '../../lib/scope.ts';
import { screenIsOnline } from '../../lib/screen-connection.ts';

/** Active: not ended by anyone, and its end time (if any) still ahead on the database's clock. */
export const takeoverIsActive = sql<boolean>`(${takeovers.endedAt} is null and (${takeovers.endsAt} is null or ${takeovers.endsAt} > now()))`;

export const takeoverStatus = sql<TakeoverStatus>`(case when ${takeovers.endedAt} is not null then 'ENDED' when ${takeovers.endsAt} is not null and ${takeovers.endsAt} <= now() then 'EXPIRED' else 'ACTIVE' end)`;

export type TakeoverRow = typeof takeovers.$inferSelect & { status: TakeoverStatus };

interface ScreenInfo extends TakeoverScreen {
  outletId: string;
}

/**
 * Dashboard shape of takeover rows, loaded in three batched queries. An outlet's staff see only
 * their own screens of a network-wide takeover (the rest are counted, not named), and may end it
 * only when every screen it covers is theirs (decision 035).
 */
export async function toTakeovers(db: Database, rows: TakeoverRow[], caller: Caller): Promise<Takeover[]> {
  if (rows.length === 0) return [];
  // Takeovers grant each role one scope for all it may do: who may end them ends within it.
  const canEnd = caller.can('takeovers', 'update');
  const screenIds = [...new Set(rows.flatMap((row) => row.screenIds))];
  const adIds = [...new Set(rows.flatMap((row) => (row.adId ? [row.adId] : [])))];
  const userIds = [
    ...new Set(rows.flatMap((row) => [row.startedBy, row.endedBy].filter((id): id is string => id !== null))),
  ];
  const [screenRows, adRows, userRows] = await Promise.all([
    db
      .select({
        id: screens.id,
        screenCode: screens.screenCode,
        name: screens.name,
        online: screenIsOnline,
        outlet: { id: outlets.id, name: outlets.name, outletCode: outlets.outletCode },
      })
      .from(screens)
      .innerJoin(outlets, sql`${outlets.id} = ${screens.outletId}`)
      .where(inArray(screens.id, screenIds)),
    adIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: ads.id,
            title: ads.title,
            type: ads.type,
            mediaUrl: ads.mediaUrl,
            status: ads.status,
            companyName: companies.name,
          })
          .from(ads)
          .innerJoin(companies, sql`${companies.id} = ${ads.companyId}`)
          .where(inArray(ads.id, adIds)),
    userIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
  ]);
  const screenById = new Map<string, ScreenInfo>(
    screenRows.map((row) => [
      row.id,
      {
        id: row.id,
        screen_code: row.screenCode,
        name: row.name,
        is_online: row.online,
        outlet: { id: row.outlet.id, name: row.outlet.name, outlet_code: row.outlet.outletCode },
        outletId: row.outlet.id,
      },
    ]),
  );
  const adById = new Map(adRows.map((row) => [row.id, row]));
  const userById = new Map(userRows.map((row) => [row.id, row]));
  const own = (screen: ScreenInfo) => caller.outletIds.includes(screen.outletId);
  const person = (id: string | null) => {
    const user = id ? userById.get(id) : undefined;
    return user ? { id: user.id, name: user.name } : null;
  };

  return rows.map((row) => {
    const covered = row.screenIds.map((id) => screenById.get(id)).filter((s): s is ScreenInfo => s !== undefined);
    const shown = reachesAll(caller) ? covered : covered.filter(own);
    const mayEnd = canEnd && (reachesAll(caller) || (covered.length > 0 && covered.every(own)));
    const ad = row.adId ? adById.get(row.adId) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      message: row.message,
      ad: ad
        ? {
            id: ad.id,
            title: ad.title,
            type: ad.type,
            media_url: ad.mediaUrl,
            status: ad.status,
            company: { name: ad.companyName },
          }
        : null,
      screens: shown
        .map(({ outletId: _outletId, ...screen }) => screen)
        .sort((a, b) => a.outlet.name.localeCompare(b.outlet.name) || a.screen_code.localeCompare(b.screen_code)),
      screen_count: row.screenIds.length,
      started_by: person(row.startedBy),
      started_at: row.startedAt.toISOString(),
      ends_at: row.endsAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
      ended_by: person(row.endedBy),
      status: row.status,
      can_end: row.status === 'ACTIVE' && mayEnd,
    };
  });
}
