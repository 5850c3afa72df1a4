import { MAX_PLAYBACK_BATCH } from '@adloop/contract/constants';
import type { PlaybackLogEntry } from '@adloop/contract/screen';
import type { PlaybackBatchResult } from '@/features/display/api/post-plays';
import { logFailure } from '@/features/display/lib/last-failure';
import type { PlayQueue } from '@/features/display/lib/play-queue';
import { ApiError, type ApiErrorDetail } from '@/lib/http';

export const BASE_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60_000;

/**
 * Exponential backoff capped at a minute, with the upper half jittered so that screens that
 * come back online together do not retry in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The wait the server asked for (`Retry-After`), stretched by up to half again at random so a
 * fleet told to come back in 5 s does not all come back at once; else the usual backoff.
 */
export function serverRetryDelayMs(retryAfterMs: number, random: () => number = Math.random): number {
  return Math.round(Math.min(MAX_RETRY_MS, retryAfterMs) * (1 + random() / 2));
}

/** The plays a refused batch names, from error details like `logs.3.play_time`. */
export function refusedPlayIndexes(details: readonly ApiErrorDetail[], batchSize: number): number[] {
  const indexes = new Set<number>();
  for (const { path } of details) {
    const match = /^logs\.(\d+)(\.|$)/.exec(path);
    const index = match ? Number(match[1]) : Number.NaN;
    if (Number.isInteger(index) && index < batchSize) indexes.add(index);
  }
  return [...indexes].sort((a, b) => a - b);
}

type SendOutcome = 'sent' | 'retry' | 'unauthorized';

export type PlaySenderOptions = {
  queue: PlayQueue;
  post: (token: string, logs: readonly PlaybackLogEntry[]) => Promise<PlaybackBatchResult>;
  token: () => string | null;
  batchSize?: number;
  /** The jitter's source; tests pin it. */
  random?: () => number;
};

/**
 * Sends queued plays in batches. A play leaves the queue only when the server answered that it
 * stored it or already had it, so a lost answer means a resend, never a loss, and the server's
 * duplicate check means a resend never counts twice. A play the server refuses as invalid (400)
 * or not this screen's (403) is dropped, so one bad entry cannot block the queue for ever.
 */
export class PlaySender {
  private readonly batchSize: number;
  private running: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private retryAfterMs: number | null = null;

  constructor(private readonly options: PlaySenderOptions) {
    this.batchSize = Math.min(options.batchSize ?? MAX_PLAYBACK_BATCH, MAX_PLAYBACK_BATCH);
  }

  /** Sends everything queued now; one run at a time, and a call during a run asks for another. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    });
    return this.running;
  }

  /** A new play was queued: send it, unless a backoff is already waiting to retry. */
  playQueued() {
    if (this.retryTimer === undefined) void this.flush();
  }

  /** The network is back: retry at once, from the shortest delay. */
  retryNow() {
    this.attempt = 0;
    void this.flush();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async drain() {
    while (!this.stopped) {
      const token = this.options.token();
      if (!token) return;
      const batch = await this.options.queue.oldest(this.batchSize);
      if (batch.length === 0) {
        this.attempt = 0;
        return;
      }
      const outcome = await this.send(token, batch);
      if (outcome === 'unauthorized') return;
      if (outcome === 'retry') {
        this.scheduleRetry();
        return;
      }
      this.attempt = 0;
    }
  }

  private scheduleRetry() {
    if (this.stopped) return;
    const asked = this.retryAfterMs;
    this.retryAfterMs = null;
    const delay =
      asked === null ? retryDelayMs(this.attempt, this.options.random) : serverRetryDelayMs(asked, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  private async drop(plays: readonly PlaybackLogEntry[], error: ApiError) {
    console.error(`Dropping ${plays.length} play(s) the server refused: ${error.message}`, plays);
    await this.options.queue.remove(plays.map((play) => play.id));
  }

  private async send(token: string, batch: readonly PlaybackLogEntry[]): Promise<SendOutcome> {
    try {
      const result = await this.options.post(token, batch);
      if (result.refused.length > 0) {
        console.error(`The server refused ${result.refused.length} play(s) for good`, result.refused);
      }
      // A refused play will never be stored (decision 036): it leaves the queue like a stored one.
      const received = new Set([...result.stored, ...result.duplicates, ...result.refused.map((play) => play.id)]);
      const acknowledged = batch.filter((play) => received.has(play.id));
      await this.options.queue.remove(acknowledged.map((play) => play.id));
      // The server always accounts for every id; if it did not, keep the rest and come back later.
      return acknowledged.length === batch.length ? 'sent' : 'retry';
    } catch (error) {
      if (!(error instanceof ApiError)) {
        logFailure('Sending plays failed; they stay queued', error);
        return 'retry';
      }
      if (error.status === 401) return 'unauthorized';
      this.retryAfterMs = error.retryAfterMs;
      if (error.status !== 400 && error.status !== 403 && error.status !== 413) {
        logFailure(`Sending plays failed (${error.status || 'no response'}); they stay queued`, error.message);
        return 'retry';
      }
      const refused = refusedPlayIndexes(error.details, batch.length).map((index) => batch[index]!);
      if (refused.length > 0 || batch.length === 1) {
        await this.drop(refused.length > 0 ? refused : batch, error);
        return 'sent';
      }
      // Refused without naming a play: halve the batch until the bad play stands alone.
      const half = Math.ceil(batch.length / 2);
      const first = await this.send(token, batch.slice(0, half));
      if (first !== 'sent') return first;
      return this.send(token, batch.slice(half));
    }
  }
}
