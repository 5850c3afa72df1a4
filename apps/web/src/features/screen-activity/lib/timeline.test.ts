import type { ScreenActivityRow } from '@adloop/contract/reports';
import { describe, expect, it } from 'vitest';
import { groupTimeline } from '@/features/screen-activity/lib/timeline';

const event = (id: string, kind: ScreenActivityRow['kind']): ScreenActivityRow => ({
  id,
  kind,
  screen_id: 's',
  screen_code: 'S-1',
  outlet_id: 'o',
  outlet_name: 'Outlet',
  occurred_at: '2026-06-01T10:00:00.000Z',
  activity_date: '2026-06-01',
  activity_time: '15:30:00',
});

describe('groupTimeline', () => {
  it('keeps transitions apart and folds each run of heartbeats into one entry', () => {
    const entries = groupTimeline([
      event('1', 'OFFLINE'),
      event('2', 'HEARTBEAT'),
      event('3', 'HEARTBEAT'),
      event('4', 'ONLINE'),
      event('5', 'HEARTBEAT'),
    ]);
    expect(entries.map((entry) => (entry.kind === 'transition' ? entry.event.id : entry.events.length))).toEqual([
      '1',
      2,
      '4',
      1,
    ]);
  });

  it('answers nothing for no events', () => {
    expect(groupTimeline([])).toEqual([]);
  });
});
