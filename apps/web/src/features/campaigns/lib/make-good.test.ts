import { describe, expect, it } from 'vitest';
import { defaultMakeGoodFlight } from '@/features/campaigns/lib/make-good';

describe('defaultMakeGoodFlight', () => {
  it('starts on the first day not yet begun anywhere and lasts as long as the flight it makes good', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(defaultMakeGoodFlight({ starts_on: '2026-11-01', ends_on: '2026-11-07' }, now)).toEqual({
      starts_on: '2026-11-30',
      ends_on: '2026-12-06',
    });
    expect(defaultMakeGoodFlight({ starts_on: '2026-11-01', ends_on: '2026-11-01' }, now)).toEqual({
      starts_on: '2026-11-30',
      ends_on: '2026-11-30',
    });
  });

  it('keeps within a flight’s longest span', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const flight = defaultMakeGoodFlight({ starts_on: '2025-01-01', ends_on: '2025-12-31' }, now);
    expect((Date.parse(flight.ends_on) - Date.parse(flight.starts_on)) / 86_400_000 + 1).toBe(92);
  });
});
