// Exactly once, counted against the database after the server has stopped (decision 042): every
// acknowledged play stored once, nothing stored the fleet did not send, rollups equal to the plays.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { FleetDatabase } from './database.ts';
import type { Ledger } from './ledger.ts';

/** A play still queued at the end, and whether it was ever sent (its answer may have been lost). */
export interface Unacknowledged {
  id: string;
  sent: boolean;
}

async function rows<T>(handle: Awaited<ReturnType<typeof openDatabase>>, query: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

export async function verifyExactlyOnce(database: FleetDatabase, ledger: Ledger, unacknowledged: Unacknowledged[]) {
  const handle = await openDatabase(
    database.target.kind === 'postgres'
      ? { kind: 'postgres', url: database.target.url, poolSize: 1 }
      : { kind: 'pglite', dataDir: database.target.dataDir },
  );
  try {
    // The database is the fleet's own, so every play in it is one of the fleet's.
    const stored = await rows<{ id: string }>(handle, 'select id::text as id from playback_logs');
    const [rollups] = await rows<Record<string, string>>(
      handle,
      `select (select count(*) from playback_logs) as raw,
        (select coalesce(sum(plays), 0) from play_rollups_daily) as daily,
        (select coalesce(sum(plays), 0) from play_rollups_ad_daily) as ad_daily,
        (select coalesce(sum(plays), 0) from play_rollups_screen_daily) as screen_daily`,
    );
    const storedIds = new Set(stored.map((row) => row.id));
    const waiting = new Map(unacknowledged.map((play) => [play.id, play.sent]));
    let lost = 0;
    for (const id of ledger.acknowledged) if (!storedIds.has(id)) lost += 1;
    const extras = { storedAwaitingAnswer: 0, storedButRefused: 0, storedButNeverSent: 0, unknown: 0 };
    for (const id of storedIds) {
      if (ledger.acknowledged.has(id)) continue;
      if (ledger.refusedIds.has(id)) extras.storedButRefused += 1;
      else if (waiting.get(id) === true) extras.storedAwaitingAnswer += 1;
      else if (waiting.get(id) === false) extras.storedButNeverSent += 1;
      else extras.unknown += 1;
    }
    const counts = Object.fromEntries(Object.entries(rollups ?? {}).map(([key, value]) => [key, Number(value)]));
    const duplicates = stored.length - storedIds.size;
    const rollupsMatch =
      counts.daily === counts.raw && counts.ad_daily === counts.raw && counts.screen_daily === counts.raw;
    return {
      acknowledged: ledger.acknowledged.size,
      stored: stored.length,
      acknowledgedButLost: lost,
      duplicateRows: duplicates,
      unacknowledgedAtEnd: unacknowledged.length,
      storedWithoutAcknowledgement: extras,
      rollups: { ...counts, match: rollupsMatch },
      exactlyOnce:
        lost === 0 &&
        duplicates === 0 &&
        extras.storedButRefused === 0 &&
        extras.storedButNeverSent === 0 &&
        extras.unknown === 0 &&
        rollupsMatch,
    };
  } finally {
    await handle.close();
  }
}
