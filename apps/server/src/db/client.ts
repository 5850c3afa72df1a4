import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDurablePglite } from './durable-pglite.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers share Drizzle's Postgres database class, so queries are written once. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
const POSTGRES_STATEMENT_TIMEOUT_MS = 30_000;
const POSTGRES_LOCK_TIMEOUT_MS = 10_000;
/** A replica that does not answer soon is passed over for the primary, so waiting longer buys nothing. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** A read replica's pool (decision 098): every transaction read-only, and a quicker give-up on connecting. */
      readOnly?: boolean;
    };

/** Opens PGlite (a directory, or in memory without one) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
    // On disk, with fsync on (decision 045); in memory (tests) there is nothing to sync.
    const client = target.dataDir ? await openDurablePglite(target.dataDir) : new PGlite();
    await client.waitReady;
    return pgliteHandle(client);
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 20,
    // A database that is down fails a request in seconds (answered 503), rather than holding it.
    connectionTimeoutMillis: target.readOnly ? REPLICA_CONNECT_TIMEOUT_MS : POSTGRES_CONNECT_TIMEOUT_MS,
    // One slow or blocked statement cannot hold a pooled connection for long (decision 036).
    statement_timeout: POSTGRES_STATEMENT_TIMEOUT_MS,
    lock_timeout: POSTGRES_LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: POSTGRES_STATEMENT_TIMEOUT_MS,
    // A URL that names a primary by mistake still never takes a write through this pool.
    ...(target.readOnly ? { options: '-c default_transaction_read_only=on' } : {}),
  });
  let closing = false;
  // A connection the server drops (restart, failover, terminated backend) must not crash the
  // process, whether it sits idle in the pool or is checked out mid-query: the query fails (503)
  // and the pool opens a new connection for the next one. While closing, such drops are expected.
  const onLost = (error: Error) => {
    if (!closing) console.error(`PostgreSQL connection lost: ${error.message}`);
  };
  pool.on('error', onLost);
  pool.on('connect', (client) => client.on('error', onLost));
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    // Migrations may build indexes for longer than a request's statement timeout allows.
    migrate: async () => {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    ping: () => ping(db as unknown as Database),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/** The handle of an open PGlite; openDatabase opens it, the durability bench opens one as PGlite's defaults do. */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
