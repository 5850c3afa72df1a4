// PostgreSQL clusters of a test's own in a temp directory (initdb + pg_ctl, trust auth, 127.0.0.1 on
// a free port): a test (and the fleet's db-outage, bench/fleet/database.ts) may stop, pause or lag
// them without touching the machine's cluster on 5432.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries with a base backup tool, or undefined (the test says so and skips). */
export function postgresServerBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `${root}/${version}/bin`)
    .find((bin) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(`${bin}/${tool}`)));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface TestCluster {
  url: string;
  port: number;
  dataDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  remove(): Promise<void>;
}

/** initdb refuses root: as root a cluster belongs to the postgres user, as PostgreSQL's packages do. */
async function asClusterOwner(bin: string, dir: string) {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  return (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args]) : run(`${bin}/${tool}`, args);
}

export interface ClusterSettings {
  /** 50 unless set; a standby needs at least its primary's. */
  maxConnections?: number;
  /** Off unless set: durability is not under test, and a busy machine's disk then does not slow the run. */
  fsync?: boolean;
}

function clusterAt(
  pg: Awaited<ReturnType<typeof asClusterOwner>>,
  dir: string,
  dataDir: string,
  port: number,
  settings: ClusterSettings,
): TestCluster {
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    `-c max_connections=${settings.maxConnections ?? 50}`,
    settings.fsync ? '' : '-c fsync=off',
  ].join(' ');
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start: async () => {
      await pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
    },
    stop,
    remove: async () => {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new primary, started (wal_level=replica, the default, lets a standby stream from it). */
export async function startPrimaryCluster(bin: string, settings: ClusterSettings = {}): Promise<TestCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-primary-'));
  const pg = await asClusterOwner(bin, dir);
  const dataDir = path.join(dir, 'data');
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  const cluster = clusterAt(pg, dir, dataDir, await freePort(), settings);
  await cluster.start();
  return cluster;
}

/**
 * A hot standby of `primary`, started: `pg_basebackup -R` copies the primary and writes the
 * settings that make the copy stream the primary's WAL from then on.
 */
export async function startStreamingReplica(bin: string, primary: TestCluster): Promise<TestCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'adloop-replica-'));
  const pg = await asClusterOwner(bin, dir);
  const dataDir = path.join(dir, 'data');
  await pg('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'],
  ]);
  const cluster = clusterAt(pg, dir, dataDir, await freePort(), {});
  await cluster.start();
  return cluster;
}
