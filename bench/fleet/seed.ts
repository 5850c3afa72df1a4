// The fleet's world, written straight to the database as the other benchmarks do: a global admin,
// two advertisers, outlets of ten screens, and ten ACTIVE ads (six for every screen, four for half
// of the outlets each), all created `historyMs` ago, when each screen was also handed its list;
// with campaigns, a third advertiser and its creatives (campaigns.ts).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { ads, companies, outlets, screens, users } from '../../apps/server/src/db/schema.ts';
import { hashSecret } from '../../apps/server/src/modules/auth/passwords.ts';
import { type SeededCampaign, seedAdvertiser } from './campaigns.ts';
import type { FleetDatabase } from './database.ts';

export const ADMIN = { email: 'fleet-admin@fleet.test', password: 'fleet-admin-password' };
export const PASSCODE = '246810';
const SCREENS_PER_OUTLET = 10;

export interface SeededScreen {
  code: string;
  id: string;
  outletId: string;
  /** The ids the server should list for it (every ad untargeted or targeting its outlet), sorted. */
  expectedAdIds: string[];
  /** Campaign creatives aimed at its outlet: on its list only while it holds a plan for them (decision 084). */
  campaignAdIds: string[];
}

export interface Fixture {
  screens: SeededScreen[];
  /** An ad on every screen's list: the one the staff edit. */
  editedAdId: string;
  /** When the screens were created and handed their lists (ms since epoch). */
  historyStartMs: number;
  servedListsSeeded: boolean;
  campaigns: SeededCampaign[];
}

/** What each seeded ad is: six for everyone, four for half of the outlets each (by outlet parity). */
const AD_SHAPES = [
  { seconds: 10, parity: null },
  { seconds: 5, parity: null },
  { seconds: 15, parity: null },
  { seconds: 8, parity: null },
  { seconds: 12, parity: null },
  { seconds: null, parity: null },
  { seconds: 6, parity: 0 },
  { seconds: 9, parity: 0 },
  { seconds: 7, parity: 1 },
  { seconds: 11, parity: 1 },
] as const;

export async function seedFleet(
  database: FleetDatabase,
  screenCount: number,
  historyMs: number,
  campaignCount = 0,
): Promise<Fixture> {
  const handle = await openDatabase(
    database.target.kind === 'postgres'
      ? { kind: 'postgres', url: database.target.url, poolSize: 2 }
      : { kind: 'pglite', dataDir: database.target.dataDir },
  );
  try {
    await handle.migrate();
    const db = handle.db;
    const historyStartMs = Date.now() - historyMs;
    const createdAt = new Date(historyStartMs - 3_600_000);
    const [adminHash, passcodeHash] = await Promise.all([hashSecret(ADMIN.password), hashSecret(PASSCODE)]);
    await db
      .insert(users)
      .values({ email: ADMIN.email, name: 'Fleet admin', role: 'GLOBAL_ADMIN', passwordHash: adminHash });
    const companyRows = await db
      .insert(companies)
      .values([{ name: 'Fleet Coffee' }, { name: 'Fleet Shoes' }])
      .returning({ id: companies.id });
    const outletRows = await db
      .insert(outlets)
      .values(
        Array.from({ length: Math.ceil(screenCount / SCREENS_PER_OUTLET) }, (_, index) => ({
          name: `Fleet outlet ${index + 1}`,
          outletCode: `FLEET-O${String(index + 1).padStart(4, '0')}`,
          timezone: 'Asia/Kolkata',
          createdAt,
        })),
      )
      .returning({ id: outlets.id });
    const outletIds = outletRows.map((row) => row.id);
    const adRows = await db
      .insert(ads)
      .values(
        AD_SHAPES.map((shape, index) => ({
          companyId: companyRows[index % 2]!.id,
          title: `Fleet ad ${index + 1}`,
          type: shape.seconds === null ? ('VIDEO' as const) : ('IMAGE' as const),
          mediaUrl: `/media/${randomBytes(32).toString('hex')}.${shape.seconds === null ? 'webm' : 'jpg'}`,
          durationSeconds: shape.seconds,
          status: 'ACTIVE' as const,
          targetOutletIds: shape.parity === null ? [] : outletIds.filter((_, outlet) => outlet % 2 === shape.parity),
          createdAt,
        })),
      )
      .returning({ id: ads.id });
    const screenRows = await db
      .insert(screens)
      .values(
        Array.from({ length: screenCount }, (_, index) => ({
          outletId: outletIds[Math.floor(index / SCREENS_PER_OUTLET)]!,
          screenCode: `FLEET-${String(index + 1).padStart(5, '0')}`,
          name: `Fleet screen ${index + 1}`,
          passcodeHash,
          createdAt,
          sessionsValidAfter: createdAt,
        })),
      )
      .returning({ id: screens.id, code: screens.screenCode, outletId: screens.outletId });
    const screensOf = new Map<string, number>();
    for (const row of screenRows) screensOf.set(row.outletId, (screensOf.get(row.outletId) ?? 0) + 1);
    const campaigns =
      campaignCount > 0
        ? await seedAdvertiser(db, campaignCount, outletIds, (outletId) => screensOf.get(outletId) ?? 0)
        : [];
    const fleetScreens = screenRows.map((row) => {
      const parity = outletIds.indexOf(row.outletId) % 2;
      const expectedAdIds = adRows
        .filter((_, index) => AD_SHAPES[index]!.parity === null || AD_SHAPES[index]!.parity === parity)
        .map((ad) => ad.id)
        .sort();
      const campaignAdIds = campaigns
        .filter((campaign) => campaign.outletIds.includes(row.outletId))
        .map((campaign) => campaign.creativeId);
      return { code: row.code, id: row.id, outletId: row.outletId, expectedAdIds, campaignAdIds };
    });
    const servedListsSeeded = await seedServedLists(handle.db, fleetScreens, new Date(historyStartMs));
    return { screens: fleetScreens, editedAdId: adRows[0]!.id, historyStartMs, servedListsSeeded, campaigns };
  } finally {
    await handle.close();
  }
}

/**
 * Each screen was handed its list when its history began (decision 036's record of served lists),
 * so the backlog it replays was played from a list it held. Skipped where the table does not exist.
 */
async function seedServedLists(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  fleetScreens: SeededScreen[],
  servedAt: Date,
): Promise<boolean> {
  const exists = await db.execute<{ present: boolean }>(
    sql`select to_regclass('public.screen_served_lists') is not null as present`,
  );
  if (!(exists as unknown as { rows: { present: boolean }[] }).rows[0]?.present) return false;
  for (let start = 0; start < fleetScreens.length; start += 500) {
    const rows = fleetScreens.slice(start, start + 500).map((screen) => {
      // The server's own key of a list (sorted ad ids, sorted variant ids), so its first fetch adds no row.
      const key = createHash('sha1')
        .update(JSON.stringify([screen.expectedAdIds, []]))
        .digest('base64url');
      return sql`(${screen.id}::uuid, ${servedAt.toISOString()}::timestamptz, ${key}, ${sql.param(screen.expectedAdIds)}::uuid[], '{}'::uuid[])`;
    });
    await db.execute(
      sql`insert into screen_served_lists (screen_id, served_at, content_key, ad_ids, variant_ids) values ${sql.join(rows, sql`, `)}`,
    );
  }
  return true;
}
