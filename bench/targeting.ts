// Issue 6: the ad list with 10,000 ads and 5,000 screens beside the same with 10 ads; the cost of
// targeting must stay under 2×. Measured warm (the per-screen list cache, as screens hit it) and
// cold (the list cache off, so every request runs the targeting query).
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashSecret } from '../apps/server/src/modules/auth/passwords.ts';
import { freshDatabase, type LoadResult, load, startServer } from './lib.ts';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSCODE = '123456';
/** Screens whose tokens the cold run rotates through, spread over as many outlets. */
const COLD_SCREENS = 50;

interface Size {
  ads: number;
  screens: number;
  outlets: number;
  companies: number;
  pincodes: number;
  cities: number;
  targeted: boolean;
}

const SMALL: Size = { ads: 10, screens: 1, outlets: 1, companies: 1, pincodes: 1, cities: 1, targeted: false };
export const LARGE: Size = {
  ads: 10_000,
  screens: 5_000,
  outlets: 200,
  companies: 20,
  pincodes: 100,
  cities: 50,
  targeted: true,
};

/**
 * Bulk seed in SQL. Outlet i has pincode i mod P (city: pincode mod C, stated on every other
 * outlet, else taken from the pincode) and two tags of its own (t2i, t2i+1); screen n sits in
 * outlet n mod O with tag floor(n mod 4). Targeted ads: 1 in 1,000 untargeted, the rest in five
 * equal kinds — one outlet; one pincode and a floor; one city and a floor; one outlet tag; one
 * city and one outlet tag — drawn at random (seeded), so a screen matches a few dozen ads.
 */
export async function seed(url: string, size: Size): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select setseed(0.42)');
    await client.query(
      `insert into pincodes (code, city, state)
       select (400000 + p)::text, 'City ' || (p % $2), 'State' from generate_series(0, $1 - 1) p`,
      [size.pincodes, size.cities],
    );
    await client.query(
      `insert into companies (name) select 'Bench Co ' || lpad(c::text, 4, '0') from generate_series(0, $1 - 1) c`,
      [size.companies],
    );
    await client.query(
      `insert into outlets (name, outlet_code, pincode, city, tags)
       select 'Bench Outlet ' || i, 'O-' || lpad(i::text, 4, '0'), (400000 + i % $2)::text,
              case when i % 2 = 1 then 'City ' || ((i % $2) % $3) end,
              array['t' || (2 * i), 't' || (2 * i + 1)]
       from generate_series(0, $1 - 1) i`,
      [size.outlets, size.pincodes, size.cities],
    );
    await client.query(
      `insert into screens (outlet_id, screen_code, passcode_hash, tags)
       select o.ids[1 + n % $2], 'S-' || n, $3, array['floor' || (n % 4)]
       from generate_series(0, $1 - 1) n,
            (select array_agg(id order by outlet_code) as ids from outlets) o`,
      [size.screens, size.outlets, await hashSecret(PASSCODE)],
    );
    const kind = size.targeted ? `case when n % 1000 = 0 then -1 else n % 5 end` : '-1';
    await client.query(
      `insert into ads (company_id, title, type, media_url, duration_seconds, status,
                        target_outlet_ids, target_pincodes, target_cities, target_tags)
       select c.ids[1 + n % $2], 'Bench ad ' || n,
              case when n % 2 = 1 then 'VIDEO' else 'IMAGE' end,
              '/media/' || md5(n::text) || md5('b' || n) || case when n % 2 = 1 then '.webm' else '.jpg' end,
              case when n % 2 = 1 then null else 5 end, 'ACTIVE',
              case when k = 0 then array[o.ids[1 + floor(random() * $3)::int]] else '{}'::uuid[] end,
              case when k = 1 then array[(400000 + floor(random() * $4)::int)::text] else '{}' end,
              case when k in (2, 4) then array['City ' || floor(random() * $5)::int] else '{}' end,
              case when k in (1, 2) then array['floor' || floor(random() * 4)::int]
                   when k in (3, 4) then array['t' || floor(random() * 2 * $3)::int] else '{}' end
       from (select n, ${kind} as k from generate_series(1, $1) n) g,
            (select array_agg(id order by name) as ids from companies) c,
            (select array_agg(id order by outlet_code) as ids from outlets) o`,
      [size.ads, size.companies, size.outlets, size.pincodes, size.cities],
    );
    // As autovacuum leaves a live database: GIN pending lists merged, statistics fresh.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

async function tokenOf(origin: string, screenCode: string): Promise<string> {
  const response = await fetch(`${origin}/api/screen-auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ screen_code: screenCode, pass_code: PASSCODE }),
  });
  if (!response.ok) throw new Error(`authenticate ${screenCode}: ${response.status}`);
  return (await response.json()).data.access_token as string;
}

/** The list endpoint under load with these tokens in turn; 2 s of warm-up first. */
async function loadList(origin: string, tokens: string[]): Promise<LoadResult> {
  let next = 0;
  const options: autocannon.Options = {
    url: `${origin}/api/screen-auth/ads`,
    connections: CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: autocannon.Request) => {
          const token = tokens[next++ % tokens.length];
          return { ...request, headers: { authorization: `Bearer ${token}` } };
        },
      },
    ],
  };
  await load({ ...options, duration: 2 });
  return load({ ...options, duration: SECONDS });
}

async function measure(adminUrl: string, size: Size) {
  const database = await freshDatabase(adminUrl);
  try {
    const seeding = performance.now();
    await seed(database.url, size);
    const seedSeconds = Math.round((performance.now() - seeding) / 10) / 100;
    const jwtSecret = randomBytes(32).toString('hex');
    const codes = Array.from({ length: Math.min(COLD_SCREENS, size.screens) }, (_, n) => `S-${n}`);
    const run = async (cache: 'on' | 'off', screens: string[]) => {
      const api = await startServer('bench/servers/api-server.ts', {
        DATABASE_URL: database.url,
        JWT_SECRET: jwtSecret,
        BENCH_AD_LIST_CACHE: cache,
      });
      try {
        const tokens: string[] = [];
        for (const code of screens) tokens.push(await tokenOf(api.origin, code));
        const lists = await Promise.all(
          tokens.map(async (token) => {
            const response = await fetch(`${api.origin}/api/screen-auth/ads`, {
              headers: { authorization: `Bearer ${token}` },
            });
            const text = await response.text();
            return { ads: (JSON.parse(text).data as unknown[]).length, bytes: Buffer.byteLength(text) };
          }),
        );
        const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
        return {
          screens: tokens.length,
          adsPerList: mean(lists.map((list) => list.ads)),
          adsPerListRange: [Math.min(...lists.map((l) => l.ads)), Math.max(...lists.map((l) => l.ads))],
          bytesPerList: mean(lists.map((list) => list.bytes)),
          ...(await loadList(api.origin, tokens)),
        };
      } finally {
        await api.stop();
      }
    };
    // Warm: one screen polling its cached list. Cold: the list cache off, tokens rotated.
    const warm = await run('on', codes.slice(0, 1));
    const cold = await run('off', codes);
    return { ads: size.ads, screens: size.screens, outlets: size.outlets, seedSeconds, warm, cold };
  } finally {
    await database.drop();
  }
}

const ratio = (small: LoadResult, large: LoadResult) =>
  Math.round((small.requestsPerSecond / large.requestsPerSecond) * 100) / 100;

export async function benchTargeting(adminUrl: string) {
  const small = await measure(adminUrl, SMALL);
  const large = await measure(adminUrl, LARGE);
  return {
    connections: CONNECTIONS,
    small,
    large,
    slowdownWarm: ratio(small.warm, large.warm),
    slowdownCold: ratio(small.cold, large.cold),
    goal: 'slowdown (req/s with 10 ads ÷ req/s with 10,000 ads and 5,000 screens) < 2, warm and cold',
  };
}
