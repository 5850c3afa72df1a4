import type { ScreenPayoutProposal } from '@adloop/contract/billing';
import { describe, expect, it } from 'vitest';
import { type PayoutFormState, payoutBlocker } from '@/features/billing/lib/payout-blocker';

const line = (overrides: Partial<ScreenPayoutProposal['lines'][number]> = {}) => ({
  screen_id: 's1',
  screen_code: 'SCR-1',
  outlet_id: 'o1',
  outlet_name: 'Cafe',
  plays: 4,
  rate_minor: 150,
  gross_minor: 600,
  commission_bps: 1500,
  commission_minor: 90,
  amount_minor: 510,
  already_paid: false,
  ...overrides,
});
const proposal = (lines: ScreenPayoutProposal['lines'], total_minor: number): ScreenPayoutProposal => ({
  lines,
  total_minor,
  currency: 'INR',
  rounding: '',
});
const ready: PayoutFormState = {
  target: 'outlet',
  chosen: true,
  period: { start: '2026-11-01', end: '2026-11-24' },
  lastDay: '2026-11-24',
  timeZone: 'Asia/Kolkata',
  proposal: proposal([line()], 510),
  working: false,
  failed: false,
};

describe('payoutBlocker', () => {
  it('lets a payout with something to pay through', () => {
    expect(payoutBlocker(ready)).toBeNull();
  });

  it('asks for a screen or an outlet first', () => {
    expect(payoutBlocker({ ...ready, chosen: false })).toBe('Choose an outlet to pay.');
    expect(payoutBlocker({ ...ready, target: 'screen', chosen: false })).toBe('Choose a screen to pay.');
  });

  it("refuses a period that reaches the outlet's today, naming its zone", () => {
    expect(payoutBlocker({ ...ready, period: { start: '2026-11-01', end: '2026-11-25' } })).toBe(
      "A payout period must end before today in the outlet's time zone (Asia/Kolkata): plays later today are not in it yet.",
    );
  });

  it('waits for the proposal of the values in the form', () => {
    expect(payoutBlocker({ ...ready, working: true })).toBe('Working out the payout…');
    expect(payoutBlocker({ ...ready, proposal: undefined })).toBe('Working out the payout…');
  });

  it('names the screen already paid and says why ₹0 is not paid', () => {
    expect(payoutBlocker({ ...ready, proposal: proposal([line({ already_paid: true }), line()], 510) })).toBe(
      'Screen SCR-1 already has a payout covering part of 1 – 24 Nov 2026: a period is never paid twice.',
    );
    expect(payoutBlocker({ ...ready, proposal: proposal([line({ plays: 0, amount_minor: 0 })], 0) })).toBe(
      'Nothing to pay: there were no plays in this period.',
    );
    expect(payoutBlocker({ ...ready, proposal: proposal([line({ amount_minor: 0 })], 0) })).toBe(
      "Nothing to pay: AdLoop's commission takes the whole value of these plays.",
    );
    expect(payoutBlocker({ ...ready, proposal: proposal([], 0) })).toBe('This outlet has no screens to pay for.');
  });
});
