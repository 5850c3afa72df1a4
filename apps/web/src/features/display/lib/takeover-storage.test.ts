import { STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStoredTakeover, storeTakeover, takeoverHasEnded } from '@/features/display/lib/takeover-storage';

/** The browser's localStorage, as far as the player uses it (the unit tests run in Node). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const message = (overrides: Partial<ScreenTakeover> = {}): ScreenTakeover => ({
  id: 'takeover-1',
  kind: 'MESSAGE',
  message: 'Store closing in 15 minutes',
  ad: null,
  started_at: '2026-11-22T10:00:00.000Z',
  ends_at: null,
  ...overrides,
});

describe('the takeover a screen keeps for a reboot without network', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('comes back for the same screen only', () => {
    storeTakeover('screen-a', message());
    expect(readStoredTakeover('screen-a')).toEqual(message());
    expect(readStoredTakeover('screen-b')).toBeNull();
  });

  it('is gone once its end time has passed on this clock', () => {
    const ended = message({ ends_at: new Date(Date.now() - 1000).toISOString() });
    storeTakeover('screen-a', ended);
    expect(takeoverHasEnded(ended)).toBe(true);
    expect(readStoredTakeover('screen-a')).toBeNull();
    const running = message({ ends_at: new Date(Date.now() + 60_000).toISOString() });
    storeTakeover('screen-a', running);
    expect(readStoredTakeover('screen-a')).toEqual(running);
  });

  it('is cleared by storing null, and a damaged or foreign value reads as none', () => {
    storeTakeover('screen-a', message());
    storeTakeover('screen-a', null);
    expect(readStoredTakeover('screen-a')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.screenTakeover, '{not json');
    expect(readStoredTakeover('screen-a')).toBeNull();
    localStorage.setItem(
      STORAGE_KEYS.screenTakeover,
      JSON.stringify({ screen_id: 'screen-a', takeover: { ...message(), kind: 'AD' } }),
    );
    expect(readStoredTakeover('screen-a')).toBeNull();
  });
});
