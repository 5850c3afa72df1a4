import type { PlaybackLogEntry } from '@adloop/contract/screen';

/** Plays waiting for the server's receipt. An entry leaves only when the server has it. */
export interface PlayQueue {
  add(entry: PlaybackLogEntry): Promise<void>;
  /** The oldest plays first, at most `limit`. */
  oldest(limit: number): Promise<PlaybackLogEntry[]>;
  remove(ids: readonly string[]): Promise<void>;
  /** How many plays wait: the heartbeat reports it (decision 060). */
  count(): Promise<number>;
}

const DB_NAME = 'adloop-player';
const STORE = 'plays';

// IndexedDB by hand, not through the idb package: four calls do not need 2.4 kB on every boot (decision 081).
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves once the transaction's writes are stored. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

function openPlayerDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const plays = request.result.createObjectStore(STORE, { keyPath: 'id' });
    plays.createIndex('played_at', 'played_at');
  };
  return settled(request);
}

class IndexedDbPlayQueue implements PlayQueue {
  constructor(private readonly db: IDBDatabase) {}

  async add(entry: PlaybackLogEntry) {
    const transaction = this.db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).put(entry);
    await committed(transaction);
  }

  async oldest(limit: number) {
    const plays = this.db.transaction(STORE, 'readonly').objectStore(STORE);
    return settled<PlaybackLogEntry[]>(plays.index('played_at').getAll(null, limit));
  }

  async remove(ids: readonly string[]) {
    if (ids.length === 0) return;
    const transaction = this.db.transaction(STORE, 'readwrite');
    const plays = transaction.objectStore(STORE);
    for (const id of ids) plays.delete(id);
    await committed(transaction);
  }

  async count() {
    return settled(this.db.transaction(STORE, 'readonly').objectStore(STORE).count());
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
      return new IndexedDbPlayQueue(await openPlayerDb());
    } catch (error) {
      console.error('IndexedDB is unavailable; plays are kept in memory until sent', error);
      return new MemoryPlayQueue();
    }
  })();
  return queue;
}
