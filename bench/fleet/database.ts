// Where the fleet's data lives: a fresh database on the shared PostgreSQL, a throwaway PostgreSQL
// cluster the fleet owns (so it may stop it), or PGlite in a temp directory. Each is removed at the end.
import path from 'node:path';
import { postgresServerBinaries, startPrimaryCluster } from '../../apps/server/test/helpers/postgres-cluster.ts';
import { freshDatabase } from '../lib.ts';

export interface FleetDatabase {
  kind: 'postgres' | 'pglite';
  /** What the server is given: DATABASE_URL for PostgreSQL, nothing for PGlite (it lives in DATA_DIR). */
  serverEnv: Record<string, string>;
  /** PostgreSQL's URL, or PGlite's directory. */
  target: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  describe: string;
  /** Only for the throwaway cluster: make PostgreSQL unavailable, and bring it back. */
  stopServer?(): Promise<void>;
  startServer?(): Promise<void>;
  remove(): Promise<void>;
}

export async function sharedPostgres(adminUrl: string): Promise<FleetDatabase> {
  const database = await freshDatabase(adminUrl);
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: database.url },
    target: { kind: 'postgres', url: database.url },
    describe: `fresh database on ${new URL(adminUrl).host}`,
    remove: database.drop,
  };
}

export function pgliteIn(dataDir: string): FleetDatabase {
  return {
    kind: 'pglite',
    serverEnv: {},
    target: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    describe: `PGlite in ${dataDir}`,
    remove: async () => {},
  };
}

/**
 * A PostgreSQL cluster of its own in a temp directory (the API tests' helper: initdb + pg_ctl as the
 * postgres user under root, trust auth, 127.0.0.1 on a free port), so the outage stops only it and
 * never the machine's cluster on 5432.
 */
export async function throwawayCluster(): Promise<FleetDatabase> {
  const bin = postgresServerBinaries();
  if (!bin) throw new Error('db-outage needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql');
  // As many connections as the fleet's server processes open, and fsync on as in production.
  const cluster = await startPrimaryCluster(bin, { maxConnections: 200, fsync: true });
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: cluster.url },
    target: { kind: 'postgres', url: cluster.url },
    describe: `throwaway PostgreSQL cluster on 127.0.0.1:${cluster.port} (${cluster.dataDir})`,
    stopServer: cluster.stop,
    startServer: cluster.start,
    remove: cluster.remove,
  };
}
