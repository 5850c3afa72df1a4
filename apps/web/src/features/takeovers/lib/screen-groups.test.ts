import type { Screen } from '@adloop/contract/screens';
import { describe, expect, it } from 'vitest';
import { groupByOutlet } from '@/features/takeovers/lib/screen-groups';

const screen = (code: string, outlet: string, name = ''): Screen => ({
  id: code,
  screen_code: code,
  name,
  status: 'ACTIVE',
  tags: [],
  outlet: { id: outlet, name: outlet, outlet_code: outlet.toUpperCase() },
  is_online: false,
  last_seen_at: null,
  alert_after_minutes: 5,
  offline_alerted_at: null,
  locked: false,
  sign_in_alert: null,
  created_at: '',
  updated_at: '',
});

describe('groupByOutlet', () => {
  const screens = [screen('S-2', 'Gym'), screen('S-1', 'Gym', 'Front desk'), screen('C-1', 'Cafe')];

  it('groups by outlet name, screens by code', () => {
    expect(groupByOutlet(screens, '').map((g) => [g.outlet.name, g.screens.map((s) => s.screen_code)])).toEqual([
      ['Cafe', ['C-1']],
      ['Gym', ['S-1', 'S-2']],
    ]);
  });

  it('keeps the screens whose code, name or outlet matches, whatever the case', () => {
    expect(groupByOutlet(screens, 'front').map((g) => g.screens.map((s) => s.screen_code))).toEqual([['S-1']]);
    expect(groupByOutlet(screens, 'CAFE').map((g) => g.outlet.name)).toEqual(['Cafe']);
    expect(groupByOutlet(screens, 'nothing')).toEqual([]);
  });
});
