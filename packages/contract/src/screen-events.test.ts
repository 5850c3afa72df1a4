import { describe, expect, it } from 'vitest';
import { ADS_CHANGED_MAX_SPREAD_MS } from './constants.ts';
import { adsChangedDelayMs } from './screen-events.ts';

describe('adsChangedDelayMs', () => {
  it('reloads at a random moment of the spread the server asked for, after the debounce', () => {
    const data = JSON.stringify({ ad_ids: [], spread_ms: 3_000 });
    expect(adsChangedDelayMs(data, () => 0)).toBe(300);
    expect(adsChangedDelayMs(data, () => 0.5)).toBe(1_800);
    expect(adsChangedDelayMs(data, () => 0.999_999)).toBe(3_299);
  });

  it('caps a spread too long and ignores one it cannot read', () => {
    expect(adsChangedDelayMs(JSON.stringify({ spread_ms: 10 ** 9 }), () => 0.5)).toBe(
      300 + ADS_CHANGED_MAX_SPREAD_MS / 2,
    );
    expect(adsChangedDelayMs(JSON.stringify({ spread_ms: -5 }), () => 0.5)).toBe(300);
    expect(adsChangedDelayMs(JSON.stringify({ spread_ms: 'soon' }), () => 0.5)).toBe(300);
    expect(adsChangedDelayMs('not json', () => 0.5)).toBe(300);
    expect(adsChangedDelayMs(JSON.stringify({ ad_ids: ['a'] }), () => 0.5)).toBe(300);
  });
});
