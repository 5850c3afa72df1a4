import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('returns a value until its time is up', () => {
    const cache = new TtlCache<string, number>(1000);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('drops the oldest entry beyond its size', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 2, 3]);
  });

  it('forgets on delete and clear', () => {
    const cache = new TtlCache<string, number>(1000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.delete('a');
    expect(cache.get('a', 1)).toBeUndefined();
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });
});
