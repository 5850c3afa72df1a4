import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Plays waiting for the server's receipt. An entry leaves only when the server has it. */
export interface PlayQueue {
  add(entry: PlaybackLogEntry): Promise<void>;
  /** The oldest plays first, at most `limit`. */
  oldest(limit: number): Promise<PlaybackLogEntry[]>;
  remove(ids: readonly string[]): Promise<void>;
  /** How many plays wait: the heartbeat reports it (decision 060). */
  count(): Promise<number>;
}

interface PlayerDb extends DBSchema {
  plays: { key: string; value: PlaybackLogEntry; indexes: { played_at: string } };
}

const DB_NAME = 'adloop-player';

function openPlayerDb(): Promise<IDBPDatabase<PlayerDb>> {
  return openDB<PlayerDb>(DB_NAME, 1, {
    upgrade(db) {
      const plays = db.createObjectStore('plays', { keyPath: 'id' });
      plays.createIndex('played_at', 'played_at');
    },
  });
}

class IndexedDbPlayQueue implements PlayQueue {
  constructor(private readonly db: Promise<IDBPDatabase<PlayerDb>>) {}

  async add(entry: PlaybackLogEntry) {
    await (await this.db).put('plays', entry);
  }

  async oldest(limit: number) {
    return (await this.db).getAllFromIndex('plays', 'played_at', undefined, limit);
  }

  async remove(ids: readonly string[]) {
    if (ids.length === 0) return;
    const tx = (await this.db).transaction('plays', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }

  async count() {
    return (await this.db).count('plays');
  }
}

/** Keeps plays for the life of the page where IndexedDB is unavailable (some private modes). */
export class MemoryPlayQueue implements PlayQueue {
  private readonly plays = new Map<string, PlaybackLogEntry>();

  async add(entry: PlaybackLogEntry) {
    this.plays.set(entry.id, entry);
  }

  async oldest(limit: number) {
    return [...this.plays.values()].sort((a, b) => a.played_at.localeCompare(b.played_at)).slice(0, limit);
  }

  async remove(ids: readonly string[]) {
    for (const id of ids) this.plays.delete(id);
  }

  async count() {
    return this.plays.size;
  }
}

let queue: Promise<PlayQueue> | null = null;

/** The device's one play queue, shared by every player on the page. */
export function openPlayQueue(): Promise<PlayQueue> {
  queue ??= (async () => {
    try {
      const db = openPlayerDb();
      await db;
      return new IndexedDbPlayQueue(db);
    } catch (error) {
      console.error('IndexedDB is unavailable; plays are kept in memory until sent', error);
      return new MemoryPlayQueue();
    }
  })();
  return queue;
}
