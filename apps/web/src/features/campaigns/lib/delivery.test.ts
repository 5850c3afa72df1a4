import type { CampaignDelivery, LineItemDelivery } from '@adloop/contract/campaign-delivery';
import { describe, expect, it } from 'vitest';
import {
  deliveredImpressions,
  formatFlight,
  formatGoalQuantity,
  formatImpressions,
  formatShare,
  pricePerPlayMinor,
  progressLabel,
} from '@/features/campaigns/lib/delivery';

describe('delivery figures', () => {
  it('labels the progress ratio with its pace', () => {
    expect(progressLabel(null)).toEqual({ label: 'Not started', tone: 'waiting' });
    expect(progressLabel(1.02)).toEqual({ label: 'On pace (1.02×)', tone: 'on-pace' });
    expect(progressLabel(0.9)).toEqual({ label: 'On pace (0.90×)', tone: 'on-pace' });
    expect(progressLabel(0.8)).toEqual({ label: 'Behind (0.80×)', tone: 'behind' });
    expect(progressLabel(1.25)).toEqual({ label: 'Ahead (1.25×)', tone: 'ahead' });
  });

  it("writes a quantity in its goal's unit", () => {
    expect(formatGoalQuantity('PLAYS', 1200)).toBe('1,200 plays');
    expect(formatGoalQuantity('PLAYS', 1)).toBe('1 play');
    expect(formatGoalQuantity('IMPRESSIONS', 123456)).toBe('1,23,456 impressions');
    expect(formatGoalQuantity('BUDGET', 123450)).toBe('₹1,234.50');
    expect(formatShare(0.426)).toBe('43 %');
    expect(formatImpressions(4200)).toBe('4,200 impressions');
    expect(formatImpressions(null)).toBe('Not estimated yet');
    expect(formatFlight('2026-11-28', '2026-12-04')).toBe('28 Nov – 4 Dec 2026');
    expect(formatFlight('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(formatFlight('2026-11-28', '2026-11-28')).toBe('28 Nov 2026');
  });

  it('prices a play on average, half up to the paisa', () => {
    expect(pricePerPlayMinor(150_000, 1000)).toBe(150);
    expect(pricePerPlayMinor(1001, 2)).toBe(501);
    expect(pricePerPlayMinor(100, 0)).toBeNull();
  });

  it('totals the impressions of a campaign whose goals are all impressions while the server has none to give', () => {
    const item = (kind: LineItemDelivery['goal_kind'], delivered: number) =>
      ({ goal_kind: kind, delivered_quantity: delivered }) as LineItemDelivery;
    const delivery = (impressions: number | null, ...items: LineItemDelivery[]) =>
      ({
        line_items: items,
        totals: { booked_plays: 0, delivered_plays: 0, delivered_impressions: impressions, spend_minor: 0 },
      }) as unknown as CampaignDelivery;
    expect(deliveredImpressions(delivery(1234, item('PLAYS', 10)))).toBe(1234);
    expect(deliveredImpressions(delivery(null, item('IMPRESSIONS', 0), item('IMPRESSIONS', 50)))).toBe(50);
    expect(deliveredImpressions(delivery(null, item('IMPRESSIONS', 50), item('PLAYS', 10)))).toBeNull();
    expect(deliveredImpressions(delivery(null))).toBeNull();
  });
});
