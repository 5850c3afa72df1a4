import { describe, expect, it } from 'vitest';
import { parsePendingOfflineRecords } from './screen-activity';

const record = {
  screen_id: 's',
  outlet_id: 'o',
  activity_date: '2026-01-01',
  activity_time: '10:00:00',
  occurred_at: '2026-01-01T10:00:00.000Z',
  additional_info: { screen_code: 'S', outlet_code: 'O', outlet_name: 'Outlet' },
};

describe('pending offline records', () => {
  it('reads a list, or one record stored on its own', () => {
    expect(parsePendingOfflineRecords(JSON.stringify([record, record]))).toHaveLength(2);
    expect(parsePendingOfflineRecords(JSON.stringify(record))).toEqual([record]);
  });

  it('drops what is not a record', () => {
    expect(parsePendingOfflineRecords(JSON.stringify([{ screen_id: 1 }, record]))).toEqual([record]);
    expect(parsePendingOfflineRecords('{')).toEqual([]);
    expect(parsePendingOfflineRecords(null)).toEqual([]);
  });
});
