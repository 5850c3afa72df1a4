import { describe, expect, it } from 'vitest';
import { dayInZone, lastPayableDay } from './payout-period.ts';

describe('lastPayableDay', () => {
  it("is the day before the outlet's today in its own zone", () => {
    // 20:00 UTC on 25 Nov is already 26 Nov in Kolkata and still 25 Nov in New York.
    const now = new Date('2026-11-25T20:00:00Z');
    expect(dayInZone('Asia/Kolkata', now)).toBe('2026-11-26');
    expect(lastPayableDay('Asia/Kolkata', now)).toBe('2026-11-25');
    expect(lastPayableDay('America/New_York', now)).toBe('2026-11-24');
  });

  it('crosses month and year ends', () => {
    expect(lastPayableDay('UTC', new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
    expect(lastPayableDay('UTC', new Date('2028-03-01T12:00:00Z'))).toBe('2028-02-29');
  });
});
