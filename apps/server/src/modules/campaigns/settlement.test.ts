import { earliestMakeGoodDay } from '@adloop/contract/make-goods';
import { ALWAYS } from '@adloop/contract/targeting';
import { describe, expect, it } from 'vitest';
import type { lineItems } from '../../db/schema.ts';
import { type ShortfallFacts, settlementOf, shortfallCredit } from './settlement.ts';

const item: typeof lineItems.$inferSelect = {
  id: 'li-1',
  campaignId: 'c-1',
  name: 'Diwali week',
  startsOn: '2026-11-01',
  endsOn: '2026-11-07',
  goalKind: 'PLAYS',
  goalQuantity: 1_000,
  pacing: 'EVEN',
  dailyCap: null,
  maxPlaysPerScreenHour: null,
  guaranteed: true,
  spotSeconds: 10,
  targeting: { tags: [], outlet_ids: [], pincodes: [], cities: [], schedule: { ...ALWAYS } },
  adIds: ['ad-1'],
  quotedPriceMinor: 150_000,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const facts = (more: Partial<ShortfallFacts> = {}): ShortfallFacts => ({
  campaign: { name: 'Festive', status: 'COMPLETED' },
  item,
  delivery: { delivered_quantity: 880, shortfall_quantity: 120 },
  resolution: null,
  makesGood: null,
  ...more,
});

describe('shortfallCredit', () => {
  it('is the quoted price × shortfall ÷ goal in paise, rounded down', () => {
    expect(shortfallCredit(150_000, 120, 1_000)).toBe(18_000);
    expect(shortfallCredit(100, 1, 3)).toBe(33);
    expect(shortfallCredit(200, 2, 3)).toBe(133);
    expect(shortfallCredit(999, 1_000, 1_000)).toBe(999);
  });

  it('stays exact where the product passes 2^53', () => {
    // 9,007,199,254,740,991 × 3 ÷ 4 in floating point loses its last digits.
    expect(shortfallCredit(Number.MAX_SAFE_INTEGER, 3, 4)).toBe(6_755_399_441_055_743);
  });
});

describe('settlementOf', () => {
  it('offers a credit for a guaranteed line item of a completed campaign that ended short', () => {
    expect(settlementOf(facts())).toEqual({ state: 'OPEN', reason: null, credit_minor: 18_000 });
  });

  it('says why nothing is owed: not completed, not guaranteed, not over, goal met, never quoted, a make-good itself', () => {
    const reason = (more: Partial<ShortfallFacts>) => settlementOf(facts(more));
    expect(reason({ campaign: { name: 'Festive', status: 'ACTIVE' } })).toMatchObject({
      state: 'NOT_OWED',
      reason: '"Festive" is ACTIVE: a shortfall is settled once the campaign is COMPLETED',
    });
    expect(reason({ item: { ...item, guaranteed: false } }).reason).toMatch(/is not guaranteed/);
    expect(reason({ delivery: { delivered_quantity: 880, shortfall_quantity: null } }).reason).toMatch(/has not ended/);
    expect(reason({ delivery: { delivered_quantity: 1_020, shortfall_quantity: 0 } }).reason).toBe(
      'Line item "Diwali week" met its goal (1,020 plays of 1,000 plays): nothing is owed',
    );
    expect(
      reason({
        item: { ...item, goalKind: 'BUDGET', goalQuantity: 50_000 },
        delivery: { delivered_quantity: 50_000, shortfall_quantity: 0 },
      }).reason,
    ).toMatch(/met its goal \(₹500\.00 of ₹500\.00\)/);
    expect(reason({ item: { ...item, quotedPriceMinor: null } }).reason).toMatch(/never booked/);
    const makesGood = { campaign_id: 'c-0', campaign_name: 'Summer', line_item_id: 'li-0', line_item_name: 'June' };
    expect(reason({ makesGood }).reason).toMatch(/itself the make-good of line item "June"/);
  });

  it('names what was chosen once settled', () => {
    const settled = settlementOf(
      facts({
        resolution: {
          lineItemId: item.id,
          kind: 'CREDIT',
          shortfallQuantity: 120,
          creditMinor: 18_000,
          transactionId: 'tx-1',
          makeGoodLineItemId: null,
          resolvedBy: null,
          resolvedAt: new Date('2026-11-10T10:00:00Z'),
          makeGood: null,
        },
      }),
    );
    expect(settled).toEqual({
      state: 'RESOLVED',
      reason:
        'Line item "Diwali week" was already settled on 2026-11-10 by a credit of ₹180.00: a shortfall is settled once',
      credit_minor: null,
    });
  });
});

describe('earliestMakeGoodDay', () => {
  it('is the first date whose midnight in the easternmost zone (UTC+14) is still to come', () => {
    // 09:00 UTC: already the next day from 10:00 UTC in UTC+14, so the day after that.
    expect(earliestMakeGoodDay(Date.parse('2026-11-28T09:00:00Z'))).toBe('2026-11-29');
    expect(earliestMakeGoodDay(Date.parse('2026-11-28T10:00:00Z'))).toBe('2026-11-30');
    expect(earliestMakeGoodDay(Date.parse('2026-11-28T23:59:00Z'))).toBe('2026-11-30');
  });
});
