import type { CampaignQuote } from '@adloop/contract/campaign-booking';

/** The audience a quote's plan reaches: its impressions and their price per 1,000. */
export type QuoteAudience = {
  /** Σ planned plays × the screens' impressions per play, over every line item. */
  impressions: number;
  /** Paise per 1,000 impressions over the line items that reach an estimated audience; null when none does. */
  cpmMinor: number | null;
};

/**
 * The quote's impressions and effective CPM. One line item with an audience keeps the server's own
 * CPM (it divides by the unrounded impressions); several are added up and divided again.
 */
export function quoteAudience(quote: CampaignQuote): QuoteAudience {
  const reaching = quote.line_items.filter((item) => item.impressions > 0);
  const impressions = reaching.reduce((sum, item) => sum + item.impressions, 0);
  if (reaching.length === 0) return { impressions: 0, cpmMinor: null };
  if (reaching.length === 1) return { impressions, cpmMinor: reaching[0]!.effective_cpm_minor };
  const price = reaching.reduce((sum, item) => sum + item.price_minor, 0);
  return { impressions, cpmMinor: Math.round((price * 1000) / impressions) };
}
