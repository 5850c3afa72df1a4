import { describe, expect, it } from 'vitest';
import { heatCellText, heatLevel, heatScale, hourRange } from '@/features/campaigns/lib/heat-map';

describe('the availability heat map', () => {
  const days = [{ available: [null, 0, 30, 120] }, { available: [null, 60, 90, 1] }];

  it('shades against the busiest hour of the map', () => {
    expect(heatScale(days)).toBe(120);
    expect(heatScale([{ available: [null, null] }])).toBe(0);
  });

  it('leaves hours outside the dayparts blank, marks full ones 0, and quarters the rest', () => {
    expect(heatLevel(null, 120)).toBe('none');
    expect(heatLevel(0, 120)).toBe(0);
    expect(heatLevel(1, 120)).toBe(1);
    expect(heatLevel(30, 120)).toBe(1);
    expect(heatLevel(31, 120)).toBe(2);
    expect(heatLevel(90, 120)).toBe(3);
    expect(heatLevel(120, 120)).toBe(4);
    expect(heatLevel(5, 0)).toBe(0);
  });

  it('names each cell with its number and unit', () => {
    expect(hourRange(9)).toBe('09:00–10:00');
    expect(hourRange(23)).toBe('23:00–00:00');
    expect(heatCellText(1200, 1440)).toBe('1,200 of 1,440 plays available');
    expect(heatCellText(120, 120)).toBe('120 plays available');
    expect(heatCellText(null, null)).toBe('outside the dayparts');
  });
});
