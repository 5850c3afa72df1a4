import { describe, expect, it } from 'vitest';
import { fillDays } from '@/features/analytics/lib/series';

describe('fillDays', () => {
  it('gives every day of the range, with zero plays and impressions where the server has none', () => {
    expect(fillDays([{ date: '2026-06-02', plays: 7, impressions: 58 }], '2026-06-01', '2026-06-03')).toEqual([
      { date: '2026-06-01', plays: 0, impressions: 0 },
      { date: '2026-06-02', plays: 7, impressions: 58 },
      { date: '2026-06-03', plays: 0, impressions: 0 },
    ]);
  });

  it('crosses month ends', () => {
    expect(fillDays([], '2026-01-31', '2026-02-01').map((day) => day.date)).toEqual(['2026-01-31', '2026-02-01']);
  });
});
