import { type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client.ts';

/** How far behind the primary the replica may be and still answer reads (decision 098). */
export const DEFAULT_READ_MAX_LAG_MS = 10_000;
/** One look at the replica's position stands for the reads of this long: a read costs no extra round trip. */
export const DEFAULT_REPLICA_STATE_TTL_MS = 500;
/** A replica that failed to answer is not asked again for this long; its reads go to the primary meanwhile. */
const DOWN_RETRY_MS = 5_000;
/** A user's own write is forgotten after this long even if the replica never replayed it (a stuck replica). */
const WRITE_MEMORY_MS = 10 * 60_000;

/** A position past any the replica will replay within a write's memory. */
const NEVER_REPLAYED = 2n ** 64n;

export interface ReplicaOptions {
  database: DatabaseHandle;
  /** Beyond this lag the replica's reads go to the primary; DEFAULT_READ_MAX_LAG_MS unless set. */
  maxLagMs?: number;
  /** How long one look at the replica's position stands; DEFAULT_REPLICA_STATE_TTL_MS unless set. */
  stateTtlMs?: number;
}

/** What the last look at the replica saw: whether it answered, and how far behind the primary it was. */
export interface ReplicaState {
  ok: boolean;
  /** 0 when it has replayed all the primary has written; null when unknown (it did not answer, or replayed no commit yet). */
  lagMs: number | null;
  replayLsn: bigint | null;
  error?: string;
}

export type ReadSource = 'replica' | 'primary';

/** A WAL position as PostgreSQL writes it ('16/B374D848') as one number, so positions compare. */
export function lsnValue(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0];
}

/**
 * Chooses, for each read that may come from the streaming replica, the replica or the primary
 * (decision 098): the replica when it answers, lags at most `maxLagMs`, and has replayed the last
 * write of the user who reads; otherwise the primary. The users' last writes are remembered in
 * this process only.
 */
export class ReadReplica {
  readonly replica: DatabaseHandle;
  readonly maxLagMs: number;
  private readonly stateTtlMs: number;
  private readonly lastWriteOf = new Map<string, { lsn: bigint; at: number }>();
  private state: (ReplicaState & { at: number }) | undefined;
  private looking: Promise<ReplicaState> | undefined;

  constructor(
    private readonly primary: DatabaseHandle,
    options: ReplicaOptions,
    /** Told when the replica stops answering, with why: its reads silently going to the primary would hide it. */
    private readonly onUnavailable: (reason: string) => void = () => {},
  ) {
    this.replica = options.database;
    this.maxLagMs = options.maxLagMs ?? DEFAULT_READ_MAX_LAG_MS;
    this.stateTtlMs = options.stateTtlMs ?? DEFAULT_REPLICA_STATE_TTL_MS;
  }

  /** After a user's write has committed: their next reads wait for the replica to have replayed it. */
  async noteWrite(userId: string): Promise<void> {
    try {
      // Where WAL is being inserted, not where it is written to: past the write's commit record even
      // with synchronous_commit off, when the commit is answered before its record is written.
      const row = await firstRow<{ lsn: string }>(
        this.primary.db,
        sql`select pg_current_wal_insert_lsn()::text as lsn`,
      );
      this.lastWriteOf.set(userId, { lsn: row ? lsnValue(row.lsn) : NEVER_REPLAYED, at: Date.now() });
    } catch (error) {
      // Position unknown: the user reads from the primary until the write is forgotten.
      this.lastWriteOf.set(userId, { lsn: NEVER_REPLAYED, at: Date.now() });
      throw error;
    }
  }

  /** Where a read of `userId` goes now, and why (for logs and tests). */
  async choose(userId: string | undefined): Promise<{ source: ReadSource; db: Database; reason: string }> {
    const primary = (reason: string) => ({ source: 'primary' as const, db: this.primary.db, reason });
    const state = await this.current();
    if (!state.ok || state.replayLsn === null) return primary('the replica does not answer');
    if (state.lagMs === null || state.lagMs > this.maxLagMs) {
      return primary('the replica lags too far, or by how much is unknown');
    }
    const write = userId ? this.lastWriteOf.get(userId) : undefined;
    if (write && userId) {
      if (state.replayLsn >= write.lsn || Date.now() - write.at > WRITE_MEMORY_MS) this.lastWriteOf.delete(userId);
      else return primary("the replica has not yet replayed the user's last write");
    }
    return { source: 'replica', db: this.replica.db, reason: 'the replica is current enough' };
  }

  /** A replica read failed: look again before the next one rather than send it there blind. */
  forget(): void {
    this.state = undefined;
  }

  /** The replica's state, looked at again when the last look is older than its time to live. */
  async current(): Promise<ReplicaState> {
    const state = this.state;
    const ttl = state?.ok ? this.stateTtlMs : DOWN_RETRY_MS;
    if (state && performance.now() - state.at < ttl) return state;
    // Reads that arrive while one look is under way share it.
    this.looking ??= this.look().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async look(): Promise<ReplicaState> {
    let state: ReplicaState;
    try {
      // The primary's position first: a replica at or past it has everything committed before the look.
      const primary = await firstRow<{ lsn: string }>(this.primary.db, sql`select pg_current_wal_lsn()::text as lsn`);
      const replica = await firstRow<{ replay_lsn: string | null; since_replay_ms: number | null }>(
        this.replica.db,
        sql`select pg_last_wal_replay_lsn()::text as replay_lsn,
          (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_replay_ms`,
      );
      if (!primary || !replica?.replay_lsn) throw new Error('not a streaming replica (no WAL replayed)');
      const replayLsn = lsnValue(replica.replay_lsn);
      // Behind the primary, the lag is the age of the newest commit it replayed: the primary's clock
      // wrote it, so the two hosts' clocks must agree (NTP). Caught up, an idle primary lags nothing.
      const caughtUp = replayLsn >= lsnValue(primary.lsn);
      const sinceReplay = replica.since_replay_ms;
      const lagMs = caughtUp ? 0 : sinceReplay === null ? null : Math.max(0, Math.round(sinceReplay));
      state = { ok: true, lagMs, replayLsn };
    } catch (error) {
      state = { ok: false, lagMs: null, replayLsn: null, error: (error as Error).message };
      if (this.state?.ok !== false) this.onUnavailable(state.error ?? 'unknown');
    }
    this.state = { ...state, at: performance.now() };
    return state;
  }
}
