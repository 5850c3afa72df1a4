import { describe, expect, it } from 'vitest';
import { expiresAtOf, expiryDayBounds } from '@/features/settings/lib/token-expiry';

const now = new Date('2026-11-27T10:00:00Z');

describe('a new token’s expiry', () => {
  it('is none for "never"', () => {
    expect(expiresAtOf('never', '', now)).toBeNull();
  });

  it('is a number of whole days from now', () => {
    expect(expiresAtOf('30', '', now)).toBe('2026-12-27T10:00:00.000Z');
    expect(expiresAtOf('365', '', now)).toBe('2027-11-27T10:00:00.000Z');
  });

  it('is the end of a chosen day on the reader’s clock, and missing until a day is chosen', () => {
    expect(expiresAtOf('date', '', now)).toBeUndefined();
    expect(expiresAtOf('date', 'not a day', now)).toBeUndefined();
    const end = new Date(expiresAtOf('date', '2027-03-31', now)!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2027, 2, 31, 23, 59,
    ]);
  });

  it('offers days from tomorrow', () => {
    const { min, max } = expiryDayBounds(new Date(2026, 10, 27, 12));
    expect(min).toBe('2026-11-28');
    expect(max > min).toBe(true);
  });
});
