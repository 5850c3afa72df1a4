import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's own start parameters without `-F` (fsync off), with the WAL flushed by fsync():
 * PGlite's runtime answers fdatasync() (PostgreSQL's default on Linux) without doing anything,
 * while fsync() reaches the file system's hook below (decision 045).
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** The parts of Emscripten's Node file system (NODEFS) the hook touches; its typings leave them out. */
interface NodeFsStream {
  nfd?: number;
  node: unknown;
}
interface NodeFsType {
  realPath(node: unknown): string;
  stream_ops: { fsync?(stream: NodeFsStream): number };
}

/** fsync of a host descriptor, or of a host path opened for it (directories may have no descriptor). */
function syncHost(stream: NodeFsStream, nodeFs: NodeFsType): number {
  if (typeof stream.nfd === 'number') {
    fsyncSync(stream.nfd);
    return 0;
  }
  const fd = openSync(nodeFs.realPath(stream.node), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return 0;
}

/**
 * PGlite's Node file system with a working fsync: Emscripten's NODEFS has none, so PostgreSQL's
 * fsync() of the WAL at commit and of the data files at checkpoint silently did nothing. A failing
 * fsync throws, as PostgreSQL itself would stop rather than carry on (data_sync_retry=off).
 */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (module: { NODEFS: unknown }) => {
      const nodeFs = module.NODEFS as NodeFsType;
      nodeFs.stream_ops.fsync = (stream) => syncHost(stream, nodeFs);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/** fsync of every file and directory under `dir`, once: what PGlite's initdb unpacked was never synced. */
function syncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(entryPath);
    else if (entry.isFile()) syncPath(entryPath);
  }
  syncPath(dir);
}

function syncPath(target: string) {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * PGlite in a directory with PostgreSQL's durability: fsync on, every commit's WAL on disk before
 * the commit returns, so a power cut or OS crash loses no acknowledged write (decision 045).
 */
export async function openDurablePglite(dataDir: string): Promise<PGlite> {
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const client = new PGlite({ fs: new SyncingNodeFS(dataDir), startParams: DURABLE_START_PARAMS });
  await client.waitReady;
  if (created) syncTree(dataDir);
  return client;
}
