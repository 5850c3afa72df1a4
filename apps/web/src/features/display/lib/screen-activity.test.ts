import type { ScreenActivityBody } from '@adloop/contract/screen';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import {
  parsePendingOfflineRecords,
  readPendingOfflineRecords,
  sendPendingOfflineRecords,
  writePendingOfflineRecords,
} from './screen-activity';

const record = {
  screen_id: 's',
  outlet_id: 'o',
  activity_date: '2026-01-01',
  activity_time: '10:00:00',
  occurred_at: '2026-01-01T10:00:00.000Z',
  additional_info: { screen_code: 'S', outlet_code: 'O', outlet_name: 'Outlet' },
};

describe('pending offline records', () => {
  it('reads a list, or one record stored on its own', () => {
    expect(parsePendingOfflineRecords(JSON.stringify([record, record]))).toHaveLength(2);
    expect(parsePendingOfflineRecords(JSON.stringify(record))).toEqual([record]);
  });

  it('drops what is not a record', () => {
    expect(parsePendingOfflineRecords(JSON.stringify([{ screen_id: 1 }, record]))).toEqual([record]);
    expect(parsePendingOfflineRecords('{')).toEqual([]);
    expect(parsePendingOfflineRecords(null)).toEqual([]);
  });
});

describe('sending pending offline records', () => {
  const at = (minute: number): ScreenActivityBody => ({ ...record, activity_time: `10:0${minute}:00` });
  let posted: ScreenActivityBody[];

  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    posted = [];
    writePendingOfflineRecords([at(1), at(2), at(3)]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends each, oldest first, and forgets what the server took', async () => {
    const retryAfter = await sendPendingOfflineRecords(async (sent) => posted.push(sent));
    expect(retryAfter).toBeNull();
    expect(posted).toEqual([at(1), at(2), at(3)]);
    expect(readPendingOfflineRecords()).toEqual([]);
  });

  it('stops at a Retry-After, keeping that record and the rest for after the wait', async () => {
    const busy = new ApiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy', [], 5_000);
    const retryAfter = await sendPendingOfflineRecords(async (sent) => {
      posted.push(sent);
      if (sent.activity_time === '10:02:00') throw busy;
    });
    expect(retryAfter).toBe(5_000);
    expect(posted).toEqual([at(1), at(2)]);
    expect(readPendingOfflineRecords()).toEqual([at(2), at(3)]);
  });

  it('drops a record the server refuses, keeps one that got no answer, and goes on', async () => {
    const retryAfter = await sendPendingOfflineRecords(async (sent) => {
      posted.push(sent);
      if (sent.activity_time === '10:01:00') throw new ApiError(403, 'FORBIDDEN', 'not this screen');
      if (sent.activity_time === '10:02:00') throw new ApiError(0, 'NO_RESPONSE', 'offline');
    });
    expect(retryAfter).toBeNull();
    expect(posted).toHaveLength(3);
    expect(readPendingOfflineRecords()).toEqual([at(2)]);
  });
});
