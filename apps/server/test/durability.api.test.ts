import fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';

/** Counts the host's fsync calls while still making them: the disk is the thing under test. */
function countHostFsyncs() {
  const original = fs.fsyncSync;
  let calls = 0;
  fs.fsyncSync = (fd) => {
    calls += 1;
    original(fd);
  };
  syncBuiltinESMExports();
  return {
    get calls() {
      return calls;
    },
    restore() {
      fs.fsyncSync = original;
      syncBuiltinESMExports();
    },
  };
}

async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

const rowsOf = async <T>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Issue 15: the embedded database, opened as `npm start` opens it (PGlite in a directory), runs
 * with fsync on, and each commit reaches the disk before it returns, so a power cut loses no
 * acknowledged play.
 */
describe('the embedded database on disk', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let syncsAtCreation = 0;
  let filesAtCreation = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'adloop-durable-'));
    const fsyncs = countHostFsyncs();
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    } finally {
      fsyncs.restore();
    }
    syncsAtCreation = fsyncs.calls;
    filesAtCreation = await filesUnder(path.join(dataDir, 'pglite'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs with fsync on, the WAL flushed by fsync()', async () => {
    const [settings] = await rowsOf<{ fsync: string; wal_sync_method: string; synchronous_commit: string }>(
      database,
      sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as wal_sync_method,
            current_setting('synchronous_commit') as synchronous_commit`,
    );
    expect(settings).toEqual({ fsync: 'on', wal_sync_method: 'fsync', synchronous_commit: 'on' });
  });

  it('syncs every file the new database was unpacked into once', () => {
    expect(filesAtCreation).toBeGreaterThan(100);
    expect(syncsAtCreation).toBeGreaterThanOrEqual(filesAtCreation);
  });

  it('has each commit fsync the disk before it returns', async () => {
    await database.db.execute(sql`create table durability_probe (id serial primary key, note text not null)`);
    const fsyncs = countHostFsyncs();
    try {
      for (let n = 0; n < 10; n += 1) {
        const before = fsyncs.calls;
        await database.db.execute(sql`insert into durability_probe (note) values (${`commit ${n}`})`);
        expect(fsyncs.calls, `commit ${n}`).toBeGreaterThan(before);
      }
    } finally {
      fsyncs.restore();
    }
  });

  it('keeps what was committed across a reopen (with its fsyncing file system)', async () => {
    await database.close();
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const [row] = await rowsOf<{ count: number }>(database, sql`select count(*)::int as count from durability_probe`);
    expect(row?.count).toBe(10);
    const fsyncs = countHostFsyncs();
    try {
      await database.db.execute(sql`insert into durability_probe (note) values ('after reopening')`);
      expect(fsyncs.calls).toBeGreaterThan(0);
    } finally {
      fsyncs.restore();
    }
  });
});
