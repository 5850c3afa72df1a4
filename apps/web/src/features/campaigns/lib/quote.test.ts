import type { CampaignQuote, LineItemQuote } from '@adloop/contract/campaign-booking';
import { describe, expect, it } from 'vitest';
import { quoteAudience } from '@/features/campaigns/lib/quote';

const item = (overrides: Partial<LineItemQuote>): LineItemQuote => ({
  line_item_id: 'l1',
  name: 'Main flight',
  guaranteed: true,
  goal_plays: 400,
  planned_plays: 400,
  shortfall_plays: 0,
  price_minor: 60_000,
  impressions: 0,
  effective_cpm_minor: null,
  hours: [],
  ...overrides,
});

const quoteOf = (...lineItems: LineItemQuote[]): CampaignQuote => ({
  campaign_id: 'c1',
  currency: 'INR',
  line_items: lineItems,
  total_minor: lineItems.reduce((sum, line) => sum + line.price_minor, 0),
  fits: true,
});

describe('the audience of a quote', () => {
  it('has none while no screen it plans has an estimate', () => {
    expect(quoteAudience(quoteOf(item({})))).toEqual({ impressions: 0, cpmMinor: null });
  });

  it("keeps the server's CPM for one line item", () => {
    const one = item({ impressions: 2000, effective_cpm_minor: 30_000 });
    expect(quoteAudience(quoteOf(one))).toEqual({ impressions: 2000, cpmMinor: 30_000 });
  });

  it('adds up several line items, leaving out the price of those without an audience', () => {
    const quote = quoteOf(
      item({ impressions: 2000, price_minor: 60_000, effective_cpm_minor: 30_000 }),
      item({ line_item_id: 'l2', impressions: 3000, price_minor: 30_000, effective_cpm_minor: 10_000 }),
      item({ line_item_id: 'l3', impressions: 0, price_minor: 99_999 }),
    );
    // (₹600 + ₹300) for 5,000 impressions: ₹180 per 1,000.
    expect(quoteAudience(quote)).toEqual({ impressions: 5000, cpmMinor: 18_000 });
  });
});
