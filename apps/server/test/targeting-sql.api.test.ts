import { randomUUID } from 'node:crypto';
import { type AdTargeting, matchesTargeting, type ScreenPlace } from '@adloop/contract/targeting';
import { inArray, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client.ts';
import { ads, companies, outlets, pincodes, screens } from '../src/db/schema.ts';
import {
  adTargetsAnyScreenOf,
  adTargetsPlace,
  countReach,
  PLACE_ROW,
  placeOfScreenRow,
} from '../src/modules/ads/ad-targeting.ts';
import { AD_ROW_TARGETING, JOINED_SCREEN, targetsScreen } from '../src/modules/ads/targeting-sql.ts';
import { databaseKinds, openMigratedDatabase } from './helpers/test-app.ts';

/**
 * The SQL targeting builder against the contract's `matchesTargeting` on screens on air (ACTIVE, of
 * an active outlet), for random outlets, screens and ads, on each path that asks "which ads play
 * where" (decision 063): the builder alone, a screen's list, outlet staff's ads, and reach.
 */
const TAGS = ['cafe', 'gym', 'kids'];
const PINCODES = { '560001': 'Bengaluru', '110001': 'New Delhi', '400001': 'Mumbai' } as const;
type Pincode = keyof typeof PINCODES;
const PINCODE_CODES = Object.keys(PINCODES) as Pincode[];
// Case and spaces vary on both sides: the rule compares cities trimmed and lower-cased.
const OUTLET_CITIES = ['Bengaluru', ' bengaluru', 'DELHI', 'Delhi ', 'Pune'];
const TARGET_CITIES = ['bengaluru', 'Delhi', ' MUMBAI ', 'New Delhi', 'pune'];
const OUTLET_COUNT = 3;

const outletArb = fc.record({
  isActive: fc.boolean(),
  tags: fc.subarray(TAGS),
  pincode: fc.option(fc.constantFrom(...PINCODE_CODES)),
  city: fc.option(fc.constantFrom(...OUTLET_CITIES)),
});
const screenArb = fc.record({
  outlet: fc.nat({ max: OUTLET_COUNT - 1 }),
  status: fc.constantFrom('ACTIVE' as const, 'DISABLED' as const),
  tags: fc.subarray(TAGS),
});
const adArb = fc.record({
  status: fc.constantFrom('ACTIVE' as const, 'PAUSED' as const, 'DRAFT' as const),
  tags: fc.subarray(TAGS),
  outlets: fc.subarray([0, 1, 2]),
  pincodes: fc.subarray([...PINCODE_CODES, '999999']),
  cities: fc.subarray(TARGET_CITIES),
});
const worldArb = fc.record({
  outlets: fc.array(outletArb, { minLength: OUTLET_COUNT, maxLength: OUTLET_COUNT }),
  screens: fc.array(screenArb, { minLength: 1, maxLength: 6 }),
  ads: fc.array(adArb, { minLength: 1, maxLength: 6 }),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

interface Stored {
  outletIds: string[];
  screens: Array<{ id: string; outletId: string; onAir: boolean; place: ScreenPlace }>;
  ads: Array<{ id: string; active: boolean; targeting: AdTargeting }>;
}

async function store(db: Database, companyId: string, world: World): Promise<Stored> {
  const outletIds = world.outlets.map(() => randomUUID());
  await db.insert(outlets).values(
    world.outlets.map((outlet, n) => ({
      id: outletIds[n],
      name: `Outlet ${n}`,
      outletCode: `PROP-${outletIds[n]}`,
      isActive: outlet.isActive,
      tags: outlet.tags,
      pincode: outlet.pincode,
      city: outlet.city,
    })),
  );
  const stored: Stored = { outletIds, screens: [], ads: [] };
  for (const screen of world.screens) {
    const outlet = world.outlets[screen.outlet]!;
    stored.screens.push({
      id: randomUUID(),
      outletId: outletIds[screen.outlet]!,
      onAir: screen.status === 'ACTIVE' && outlet.isActive,
      place: {
        tags: screen.tags,
        outlet_tags: outlet.tags,
        outlet_id: outletIds[screen.outlet]!,
        pincode: outlet.pincode,
        city: outlet.city ?? (outlet.pincode ? PINCODES[outlet.pincode] : null),
        timezone: 'Asia/Kolkata',
      },
    });
  }
  await db.insert(screens).values(
    world.screens.map((screen, n) => ({
      id: stored.screens[n]!.id,
      outletId: stored.screens[n]!.outletId,
      screenCode: `PROP-${stored.screens[n]!.id}`,
      passcodeHash: 'not-used',
      status: screen.status,
      tags: screen.tags,
    })),
  );
  for (const ad of world.ads) {
    stored.ads.push({
      id: randomUUID(),
      active: ad.status === 'ACTIVE',
      targeting: {
        tags: ad.tags,
        outlet_ids: ad.outlets.map((n) => outletIds[n]!),
        pincodes: ad.pincodes,
        cities: ad.cities,
      },
    });
  }
  await db.insert(ads).values(
    world.ads.map((ad, n) => {
      const { id, targeting } = stored.ads[n]!;
      return {
        id,
        companyId,
        title: `Ad ${n}`,
        type: 'IMAGE' as const,
        mediaUrl: '/media/prop.png',
        durationSeconds: 5,
        status: ad.status,
        targetTags: targeting.tags,
        targetOutletIds: targeting.outlet_ids,
        targetPincodes: targeting.pincodes,
        targetCities: targeting.cities,
      };
    }),
  );
  return stored;
}

async function forget(db: Database, stored: Stored): Promise<void> {
  await db.delete(ads).where(
    inArray(
      ads.id,
      stored.ads.map((ad) => ad.id),
    ),
  );
  await db.delete(screens).where(
    inArray(
      screens.id,
      stored.screens.map((screen) => screen.id),
    ),
  );
  await db.delete(outlets).where(inArray(outlets.id, stored.outletIds));
}

/** The TypeScript rule: the contract's targeting on a screen on air. */
const reaches = (ad: Stored['ads'][number], screen: Stored['screens'][number]) =>
  screen.onAir && matchesTargeting(ad.targeting, screen.place);

async function rowsOf<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute<T>(query)) as unknown as { rows: T[] }).rows;
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each(databaseKinds)('one targeting rule in SQL and TypeScript on %s', (kind) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let db: Database;
  let companyId: string;

  beforeAll(async () => {
    ({ database, drop } = await openMigratedDatabase(kind));
    db = database.db;
    await db
      .insert(pincodes)
      .values(PINCODE_CODES.map((code) => ({ code, city: PINCODES[code], state: 'S' })))
      .onConflictDoNothing();
    const [company] = await db
      .insert(companies)
      .values({ name: `Prop ${randomUUID()}` })
      .returning();
    companyId = company!.id;
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('agrees with matchesTargeting on screens on air, on every path', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const stored = await store(db, companyId, world);
        try {
          // The builder alone, for every ad × screen.
          const pairs = await rowsOf<{ ad_id: string; screen_id: string; hit: boolean }>(
            db,
            sql`select ${ads.id}::text as ad_id, ${screens.id}::text as screen_id,
                ${targetsScreen(AD_ROW_TARGETING, JOINED_SCREEN)} as hit
              from ${ads} cross join ${screens}
              inner join ${outlets} on ${outlets.id} = ${screens.outletId}
              left join ${pincodes} on ${pincodes.code} = ${outlets.pincode}
              where ${inArray(
                ads.id,
                stored.ads.map((ad) => ad.id),
              )}`,
          );
          expect(pairs).toHaveLength(stored.ads.length * stored.screens.length);
          for (const pair of pairs) {
            const ad = stored.ads.find((one) => one.id === pair.ad_id)!;
            const screen = stored.screens.find((one) => one.id === pair.screen_id)!;
            expect(pair.hit, `${JSON.stringify(ad.targeting)} on ${JSON.stringify(screen)}`).toBe(reaches(ad, screen));
          }

          // A screen's list: its active ads that reach it.
          for (const screen of stored.screens) {
            const listed = await rowsOf<{ id: string }>(
              db,
              sql`select ${ads.id}::text as id from ${placeOfScreenRow(screen.id)}
                inner join ${ads} on ${adTargetsPlace(PLACE_ROW)}`,
            );
            const expected = stored.ads.filter((ad) => ad.active && reaches(ad, screen)).map((ad) => ad.id);
            expect(sorted(listed.map((row) => row.id))).toEqual(sorted(expected));
          }

          // Outlet staff: the ads that reach some screen of their outlet.
          for (const outletId of stored.outletIds) {
            const seen = await db
              .select({ id: ads.id })
              .from(ads)
              .where(adTargetsAnyScreenOf([outletId]));
            const own = stored.screens.filter((screen) => screen.outletId === outletId);
            const expected = stored.ads.filter((ad) => own.some((screen) => reaches(ad, screen))).map((ad) => ad.id);
            expect(sorted(seen.map((row) => row.id))).toEqual(sorted(expected));
          }

          // Reach: the screens on air a targeting reaches, and their outlets.
          for (const ad of stored.ads) {
            const reached = stored.screens.filter((screen) => reaches(ad, screen));
            expect(await countReach(db, ad.targeting)).toEqual({
              screens: reached.length,
              outlets: new Set(reached.map((screen) => screen.outletId)).size,
            });
          }
        } finally {
          await forget(db, stored);
        }
      }),
      { numRuns: 30 },
    );
  });
});
