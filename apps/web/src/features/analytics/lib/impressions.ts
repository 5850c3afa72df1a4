import type { AnalyticsOverview } from '@adloop/contract/reports';

type Totals = Pick<AnalyticsOverview['totals'], 'screens' | 'screens_with_audience'>;

/** Whether the range's impressions can be told: some screen that played has an audience estimate (decision 085). */
export const hasAudience = (totals: Totals) => totals.screens_with_audience > 0;

/** What the impressions figures stand on, in a sentence: which screens have an estimate, and what the rest count. */
export function audienceCoverage(totals: Totals): string {
  const { screens, screens_with_audience: counted } = totals;
  if (counted === 0)
    return 'No screen that played in this range has an audience estimate, so its impressions cannot be told.';
  if (counted >= screens) return 'Every screen that played has one.';
  return `${counted} of the ${screens} screens that played ${counted === 1 ? 'has' : 'have'} one; plays on the others count none.`;
}

/** A whole number of plays or impressions, as the dashboard writes numbers. */
export const formatCount = (value: number) => value.toLocaleString('en-IN');

/** An impressions cell: "—" where there is no estimate to count by (not a misleading 0). */
export const formatImpressions = (value: number | null) => (value === null ? '—' : formatCount(value));
