import { MAX_PLAYBACK_BATCH } from '@adloop/contract/constants';
import type { PlaybackLogEntry } from '@adloop/contract/screen';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaybackBatchResult } from '@/features/display/api/post-plays';
import { ApiError } from '@/lib/http';
import { MemoryPlayQueue } from './play-queue';
import { MAX_RETRY_MS, PlaySender, refusedPlayIndexes, retryDelayMs, serverRetryDelayMs } from './play-sender';

function play(n: number): PlaybackLogEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ad_id: 'ad',
    screen_id: 'screen',
    company_id: 'company',
    outlet_id: 'outlet',
    play_date: '2026-01-01',
    play_time: '10:00:00',
    play_count: 1,
    played_at: new Date(Date.UTC(2026, 0, 1, 10, 0, 0, n)).toISOString(),
    additional_info: {},
  };
}

async function queueOf(count: number) {
  const queue = new MemoryPlayQueue();
  for (let n = 0; n < count; n += 1) await queue.add(play(n));
  return queue;
}

type Post = (token: string, logs: readonly PlaybackLogEntry[]) => Promise<PlaybackBatchResult>;
const storeAll: Post = async (_token, logs) => ({ stored: logs.map((log) => log.id), duplicates: [], refused: [] });

describe('retry delay', () => {
  it('doubles from one second and stops at a minute, jittered in its upper half', () => {
    expect(retryDelayMs(0, () => 1)).toBe(1_000);
    expect(retryDelayMs(0, () => 0)).toBe(500);
    expect(retryDelayMs(3, () => 1)).toBe(8_000);
    expect(retryDelayMs(20, () => 1)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(20, () => 0)).toBe(MAX_RETRY_MS / 2);
  });
});

describe('refused plays', () => {
  it('reads the item indexes out of error paths', () => {
    const details = [
      { path: 'logs.3.play_time', message: 'bad' },
      { path: 'logs.3.ad_id', message: 'bad' },
      { path: 'logs.0', message: 'bad' },
      { path: 'logs.99.id', message: 'out of range' },
      { path: 'logs', message: 'too many' },
    ];
    expect(refusedPlayIndexes(details, 10)).toEqual([0, 3]);
  });
});

describe('play sender', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends the queue in batches of at most 500 and empties it', async () => {
    const queue = await queueOf(MAX_PLAYBACK_BATCH + 20);
    const sizes: number[] = [];
    const sender = new PlaySender({
      queue,
      token: () => 'token',
      post: async (token, logs) => {
        sizes.push(logs.length);
        return storeAll(token, logs);
      },
    });
    await sender.flush();
    expect(sizes).toEqual([MAX_PLAYBACK_BATCH, 20]);
    expect(await queue.oldest(1000)).toEqual([]);
  });

  it('counts duplicates as received', async () => {
    const queue = await queueOf(3);
    const sender = new PlaySender({
      queue,
      token: () => 'token',
      post: async (_token, logs) => ({
        stored: [logs[0]!.id],
        duplicates: logs.slice(1).map((log) => log.id),
        refused: [],
      }),
    });
    await sender.flush();
    expect(await queue.oldest(10)).toEqual([]);
  });

  it('keeps everything while the network is down and retries with growing delays', async () => {
    const queue = await queueOf(2);
    let online = false;
    const post = vi.fn<Post>(async (token, logs) => {
      if (!online) throw new ApiError(0, 'NO_RESPONSE', 'Server did not respond.');
      return storeAll(token, logs);
    });
    const sender = new PlaySender({ queue, token: () => 'token', post, random: () => 1 });
    await sender.flush();
    expect(post).toHaveBeenCalledTimes(1);
    expect(await queue.oldest(10)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(post).toHaveBeenCalledTimes(3);
    online = true;
    sender.retryNow();
    await vi.runOnlyPendingTimersAsync();
    expect(await queue.oldest(10)).toEqual([]);
  });

  it('does not send over a backoff for each new play', async () => {
    const queue = await queueOf(1);
    const post = vi.fn<Post>(async () => {
      throw new ApiError(503, 'UNKNOWN', 'down');
    });
    const sender = new PlaySender({ queue, token: () => 'token', post });
    await sender.flush();
    await queue.add(play(99));
    sender.playQueued();
    await vi.advanceTimersByTimeAsync(10);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('drops only the plays a 400 names and sends the rest', async () => {
    const queue = await queueOf(4);
    const sent: string[] = [];
    const post = vi.fn<Post>(async (token, logs) => {
      const bad = logs.findIndex((log) => log.id === play(2).id);
      if (bad >= 0)
        throw new ApiError(400, 'VALIDATION_FAILED', 'bad', [{ path: `logs.${bad}.play_time`, message: 'x' }]);
      sent.push(...logs.map((log) => log.id));
      return storeAll(token, logs);
    });
    await new PlaySender({ queue, token: () => 'token', post }).flush();
    expect(sent).toEqual([play(0).id, play(1).id, play(3).id]);
    expect(await queue.oldest(10)).toEqual([]);
  });

  it('isolates a refused play that the error does not name by halving the batch', async () => {
    const queue = await queueOf(5);
    const post = vi.fn<Post>(async (token, logs) => {
      if (logs.some((log) => log.id === play(3).id)) throw new ApiError(403, 'FORBIDDEN', 'not yours');
      return storeAll(token, logs);
    });
    await new PlaySender({ queue, token: () => 'token', post }).flush();
    const stored = post.mock.calls.filter(([, logs]) => !logs.some((log) => log.id === play(3).id));
    expect(stored.flatMap(([, logs]) => logs.map((log) => log.id)).sort()).toEqual(
      [0, 1, 2, 4].map((n) => play(n).id).sort(),
    );
    expect(await queue.oldest(10)).toEqual([]);
  });

  it('keeps the queue when the session is refused (401), without retrying on its own', async () => {
    const queue = await queueOf(2);
    const post = vi.fn<Post>(async () => {
      throw new ApiError(401, 'UNAUTHORIZED', 'expired');
    });
    await new PlaySender({ queue, token: () => 'token', post }).flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(1);
    expect(await queue.oldest(10)).toHaveLength(2);
  });

  it('keeps a play the server did not account for', async () => {
    const queue = await queueOf(2);
    const post = vi.fn<Post>(async (_token, logs) => ({ stored: [logs[0]!.id], duplicates: [], refused: [] }));
    await new PlaySender({ queue, token: () => 'token', post }).flush();
    expect((await queue.oldest(10)).map((entry) => entry.id)).toEqual([play(1).id]);
  });

  it('drops the plays the server refuses for good and keeps none of them queued', async () => {
    const queue = await queueOf(3);
    const post = vi.fn<Post>(async (_token, logs) => ({
      stored: [logs[0]!.id],
      duplicates: [],
      refused: logs.slice(1).map((log) => ({ id: log.id, reason: "the ad was not on the screen's list at played_at" })),
    }));
    await new PlaySender({ queue, token: () => 'token', post }).flush();
    expect(post).toHaveBeenCalledTimes(1);
    expect(await queue.oldest(10)).toEqual([]);
  });

  it('waits as long as a 503 asks (Retry-After), with up to half again of jitter', async () => {
    const queue = await queueOf(1);
    let busy = true;
    const post = vi.fn<Post>(async (token, logs) => {
      if (busy) throw new ApiError(503, 'UNKNOWN', 'busy', [], 20_000);
      return storeAll(token, logs);
    });
    const sender = new PlaySender({ queue, token: () => 'token', post, random: () => 0.5 });
    await sender.flush();
    busy = false;
    await vi.advanceTimersByTimeAsync(24_000);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(post).toHaveBeenCalledTimes(2);
    expect(await queue.oldest(10)).toEqual([]);
    expect(serverRetryDelayMs(20_000, () => 0)).toBe(20_000);
    expect(serverRetryDelayMs(20_000, () => 1)).toBe(30_000);
  });

  it('waits for a token', async () => {
    const queue = await queueOf(1);
    const post = vi.fn<Post>(storeAll);
    await new PlaySender({ queue, token: () => null, post }).flush();
    expect(post).not.toHaveBeenCalled();
  });
});
