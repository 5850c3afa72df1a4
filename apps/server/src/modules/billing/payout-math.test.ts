import { describe, expect, it } from 'vitest';
import { averagePrice, payoutWorking } from './payout-math.ts';

describe('payoutWorking', () => {
  it('takes the commission off the gross of the plays', () => {
    // 1,234 plays at 150 paise
    expect(payoutWorking(185_100, 1500)).toEqual({
      gross_minor: 185_100,
      commission_minor: 27_765,
      amount_minor: 157_335,
    });
  });

  it('rounds the commission half up to a whole paisa and keeps the sum exact', () => {
    // 15 × 10 % = 1.5 → 2
    expect(payoutWorking(15, 1000)).toEqual({ gross_minor: 15, commission_minor: 2, amount_minor: 13 });
    // 7 × 12.5 % = 0.875 → 1
    expect(payoutWorking(7, 1250)).toEqual({ gross_minor: 7, commission_minor: 1, amount_minor: 6 });
    // 3 × 10 % = 0.3 → 0
    expect(payoutWorking(3, 1000)).toEqual({ gross_minor: 3, commission_minor: 0, amount_minor: 3 });
  });

  it('handles no commission, full commission and nothing played', () => {
    expect(payoutWorking(1000, 0).amount_minor).toBe(1000);
    expect(payoutWorking(1000, 10_000).amount_minor).toBe(0);
    expect(payoutWorking(0, 1500)).toEqual({ gross_minor: 0, commission_minor: 0, amount_minor: 0 });
  });

  it('stays exact for large totals', () => {
    const line = payoutWorking(99_990_000_000, 1_234);
    expect(line.gross_minor).toBe(99_990_000_000);
    expect(line.commission_minor + line.amount_minor).toBe(line.gross_minor);
  });
});

describe('averagePrice', () => {
  it('is gross / plays rounded half up, and 0 without plays', () => {
    expect(averagePrice(185_100, 1234)).toBe(150);
    expect(averagePrice(338 + 225, 2)).toBe(282); // 281.5 → 282
    expect(averagePrice(10, 3)).toBe(3); // 3.33 → 3
    expect(averagePrice(0, 0)).toBe(0);
  });
});
