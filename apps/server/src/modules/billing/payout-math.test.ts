import { describe, expect, it } from 'vitest';
import { payoutWorking } from './payout-math.ts';

describe('payoutWorking', () => {
  it('multiplies plays by the rate and takes the commission off', () => {
    expect(payoutWorking(1234, 150, 1500)).toEqual({
      gross_minor: 185_100,
      commission_minor: 27_765,
      amount_minor: 157_335,
    });
  });

  it('rounds the commission half up to a whole paisa and keeps the sum exact', () => {
    // 3 plays × 5 paise = 15; 15 × 10 % = 1.5 → 2
    expect(payoutWorking(3, 5, 1000)).toEqual({ gross_minor: 15, commission_minor: 2, amount_minor: 13 });
    // 1 × 7 × 12.5 % = 0.875 → 1
    expect(payoutWorking(1, 7, 1250)).toEqual({ gross_minor: 7, commission_minor: 1, amount_minor: 6 });
    // 1 × 3 × 10 % = 0.3 → 0
    expect(payoutWorking(1, 3, 1000)).toEqual({ gross_minor: 3, commission_minor: 0, amount_minor: 3 });
  });

  it('handles no commission, full commission and no plays', () => {
    expect(payoutWorking(10, 100, 0).amount_minor).toBe(1000);
    expect(payoutWorking(10, 100, 10_000).amount_minor).toBe(0);
    expect(payoutWorking(0, 100, 1500)).toEqual({ gross_minor: 0, commission_minor: 0, amount_minor: 0 });
  });

  it('stays exact for large totals', () => {
    const line = payoutWorking(10_000_000, 9_999, 1_234);
    expect(line.gross_minor).toBe(99_990_000_000);
    expect(line.commission_minor + line.amount_minor).toBe(line.gross_minor);
  });
});
