import { describe, expect, it } from 'vitest';
import { workingOf } from '@/features/billing/components/payout-proposal';

const line = {
  screen_id: 's',
  screen_code: 'CAFE-01',
  outlet_id: 'o',
  outlet_name: 'Cafe',
  plays: 8,
  rate_minor: 150,
  gross_minor: 1200,
  already_paid: false,
};

describe('a payout line’s working', () => {
  it('takes the commission off the gross', () => {
    expect(workingOf({ ...line, commission_bps: 1500, commission_minor: 180, amount_minor: 1020 }, 'INR')).toBe(
      '8 plays on the rate card = ₹12.00 (avg ₹1.50 a play); − 15 % commission (₹1.80) = ₹10.20',
    );
  });

  it('says plainly when the outlet has no commission, rather than "− 0 %" (decision 091)', () => {
    expect(workingOf({ ...line, commission_bps: 0, commission_minor: 0, amount_minor: 1200 }, 'INR')).toBe(
      '8 plays on the rate card = ₹12.00 (avg ₹1.50 a play); no commission (0 %) = ₹12.00',
    );
  });
});
