import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/count';

describe('formatCount', () => {
  it('groups digits as India writes them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(12345678)).toBe('1,23,45,678');
    expect(formatCount(-1234567)).toBe('-12,34,567');
  });

  it('writes every integer as toLocaleString("en-IN") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: -1_000_000, max: 10_000_000 }), (large, small) => {
        expect(formatCount(large)).toBe(large.toLocaleString('en-IN'));
        expect(formatCount(small)).toBe(small.toLocaleString('en-IN'));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves fractions and non-finite numbers to Intl', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('en-IN'));
    expect(formatCount(Number.NaN)).toBe(Number.NaN.toLocaleString('en-IN'));
  });
});
