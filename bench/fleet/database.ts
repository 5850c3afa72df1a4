// Where the fleet's data lives: a fresh database on the shared PostgreSQL, a throwaway PostgreSQL
// cluster the fleet owns (so it may stop it), or PGlite in a temp directory. Each is removed at the end.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freshDatabase } from '../lib.ts';
import { freePort } from './api-process.ts';

const run = promisify(execFile);

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

function postgresBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const dir = versions
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .find((bin) => existsSync(`${bin}/initdb`));
  if (!dir) throw new Error('db-outage needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql');
  return dir;
}

/**
 * A PostgreSQL cluster of its own in a temp directory (initdb + pg_ctl, trust auth, 127.0.0.1 on
 * a free port), so the outage stops only it and never the machine's cluster on 5432.
 */
export async function throwawayCluster(): Promise<FleetDatabase> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-fleet-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses root; as root the cluster belongs to the postgres user, as PostgreSQL's packages do.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args]) : run(`${bin}/${tool}`, args);
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url },
    target: { kind: 'postgres', url },
    describe: `throwaway PostgreSQL cluster on 127.0.0.1:${port} (${dataDir})`,
    stopServer: stop,
    startServer: start,
    remove: async () => {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
