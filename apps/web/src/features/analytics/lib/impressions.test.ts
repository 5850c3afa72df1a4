import { describe, expect, it } from 'vitest';
import { audienceCoverage, formatImpressions, hasAudience } from '@/features/analytics/lib/impressions';

describe('impressions', () => {
  it('says which screens have an audience estimate', () => {
    expect(hasAudience({ screens: 3, screens_with_audience: 0 })).toBe(false);
    expect(audienceCoverage({ screens: 3, screens_with_audience: 0 })).toMatch(/^No screen .* cannot be told/);
    expect(audienceCoverage({ screens: 3, screens_with_audience: 1 })).toBe(
      '1 of the 3 screens that played has one; plays on the others count none.',
    );
    expect(audienceCoverage({ screens: 3, screens_with_audience: 2 })).toBe(
      '2 of the 3 screens that played have one; plays on the others count none.',
    );
    expect(audienceCoverage({ screens: 2, screens_with_audience: 2 })).toBe('Every screen that played has one.');
  });

  it('writes "—" where there is no estimate, and whole numbers in the Indian grouping', () => {
    expect(formatImpressions(null)).toBe('—');
    expect(formatImpressions(0)).toBe('0');
    expect(formatImpressions(1234567)).toBe('12,34,567');
  });
});
