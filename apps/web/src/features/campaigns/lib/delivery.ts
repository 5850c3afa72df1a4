import type { CampaignDelivery } from '@adloop/contract/campaign-delivery';
import type { GoalKind } from '@adloop/contract/campaigns';
import { format, parseISO } from 'date-fns';
import { formatMoney } from '@/lib/money';

/** How a line item is pacing, from delivered share ÷ elapsed share (1 is exactly on pace). */
export type PaceTone = 'waiting' | 'behind' | 'on-pace' | 'ahead';

/** Within ±10 % of the flight's share is on pace; the forecast decides whether the goal is at risk. */
const BEHIND_BELOW = 0.9;
const AHEAD_ABOVE = 1.1;

/** "1.02×": the progress ratio, two decimals. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

/** "On pace (1.02×)", "Behind (0.80×)", "Ahead (1.25×)", or "Not started" before the flight. */
export function progressLabel(progress: number | null): { label: string; tone: PaceTone } {
  if (progress === null) return { label: 'Not started', tone: 'waiting' };
  const tone: PaceTone = progress < BEHIND_BELOW ? 'behind' : progress > AHEAD_ABOVE ? 'ahead' : 'on-pace';
  const word = { behind: 'Behind', 'on-pace': 'On pace', ahead: 'Ahead' }[tone];
  return { label: `${word} (${formatRatio(progress)})`, tone };
}

/** A count in the goal's unit: "1,200 plays", "3,400 impressions" or "₹1,234.50" for a budget. */
export function formatGoalQuantity(kind: GoalKind, quantity: number): string {
  if (kind === 'BUDGET') return formatMoney(quantity, 'INR');
  const noun = kind === 'PLAYS' ? 'play' : 'impression';
  return `${quantity.toLocaleString('en-IN')} ${noun}${quantity === 1 ? '' : 's'}`;
}

/** "1,200 plays" */
export function formatPlays(plays: number): string {
  return formatGoalQuantity('PLAYS', plays);
}

/** A share 0–1 as a whole percent: "42 %". */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** The average price of a play in paise, rounded half up to the paisa; null without plays. */
export function pricePerPlayMinor(totalMinor: number, plays: number): number | null {
  if (plays <= 0) return null;
  return Math.floor((2 * totalMinor + plays) / (2 * plays));
}

/** Impressions beside plays: "3,400 impressions", or why there are none before screens have an audience estimate. */
export function formatImpressions(impressions: number | null): string {
  return impressions === null ? 'Not estimated yet' : formatGoalQuantity('IMPRESSIONS', impressions);
}

/** A flight's local dates: "28 Nov – 4 Dec 2026", "28 Nov 2026" for one day, the year given once when shared. */
export function formatFlight(startsOn: string, endsOn: string): string {
  const [start, end] = [parseISO(startsOn), parseISO(endsOn)];
  if (startsOn === endsOn) return format(start, 'd MMM yyyy');
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${format(start, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(end, 'd MMM yyyy')}`;
}

/**
 * The campaign's delivered impressions: the server's total, or, while it has none to give (no plan
 * handed out yet), the sum of its line items when every one counts impressions as its goal.
 */
export function deliveredImpressions(delivery: CampaignDelivery): number | null {
  if (delivery.totals.delivered_impressions !== null) return delivery.totals.delivered_impressions;
  const items = delivery.line_items;
  if (items.length === 0 || items.some((item) => item.goal_kind !== 'IMPRESSIONS')) return null;
  return items.reduce((sum, item) => sum + item.delivered_quantity, 0);
}
