import { describe, expect, it } from 'vitest';
import { campaignClock, formatDayparts, outletZoneLabel } from '@/features/campaigns/lib/screen-campaigns';

const outlet = (timezone: string) => ({ id: timezone, name: timezone, timezone });

describe('campaigns on screens', () => {
  it("names the outlet's zone, with its short name when it has one", () => {
    expect(outletZoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (IST)');
    expect(outletZoneLabel('Mars/Olympus')).toBe('Mars/Olympus');
  });

  it("reads a campaign's dates on its outlets' one zone, or on each outlet's own", () => {
    expect(campaignClock([outlet('Asia/Kolkata'), outlet('Asia/Kolkata')])).toBe('Asia/Kolkata (IST)');
    expect(campaignClock([outlet('Asia/Kolkata'), outlet('Asia/Dubai')])).toBe("each outlet's own");
  });

  it('says when in the day a flight plays', () => {
    expect(formatDayparts({ days_of_week: [], start_time: null, end_time: null })).toBe('Every day, all day');
    expect(formatDayparts({ days_of_week: [1, 2], start_time: '10:00', end_time: '14:00' })).toBe(
      'Mon, Tue, 10:00–14:00',
    );
  });
});
