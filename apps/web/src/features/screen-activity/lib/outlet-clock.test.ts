import { describe, expect, it } from 'vitest';
import { formatDowntime, onOutletClock, zoneName } from '@/features/screen-activity/lib/outlet-clock';

describe('onOutletClock', () => {
  it("shows the instant on the outlet's clock and names the zone", () => {
    expect(onOutletClock('2026-11-25T09:00:00.000Z', 'Asia/Kolkata')).toBe('Wed 25 Nov 2026, 14:30 IST');
    expect(onOutletClock('2026-11-25T09:00:00.000Z', 'America/New_York')).toBe('Wed 25 Nov 2026, 04:00 GMT-5');
  });

  it('falls back to UTC, said so, for a zone it does not know', () => {
    expect(onOutletClock('2026-11-25T09:00:00.000Z', 'Mars/Olympus')).toBe('Wed 25 Nov 2026, 09:00 UTC');
    expect(zoneName('Mars/Olympus')).toBe('UTC');
  });
});

describe('formatDowntime', () => {
  it('says how long in the two largest units that matter', () => {
    expect(formatDowntime(0)).toBe('a moment');
    expect(formatDowntime(45)).toBe('45 s');
    expect(formatDowntime(1800)).toBe('30 min');
    expect(formatDowntime(3600)).toBe('1 h');
    expect(formatDowntime(7500)).toBe('2 h 5 min');
    expect(formatDowntime(3 * 86_400 + 4 * 3600 + 59)).toBe('3 d 4 h');
  });
});
