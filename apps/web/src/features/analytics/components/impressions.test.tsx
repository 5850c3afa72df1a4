// @vitest-environment jsdom
import type { AnalyticsOverview } from '@adloop/contract/reports';
import { screen as page, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImpressionsNote } from '@/features/analytics/components/impressions-note';
import { KpiCards } from '@/features/analytics/components/kpi-cards';
import { RankingChart } from '@/features/analytics/components/ranking-chart';
import { renderPage, signedInUser } from '@/test/render-page';

const COUNTED = { id: '0b5c2f4e-5d7a-4c1e-9a57-3f1d2b8c6e01', name: 'CAFE-SCREEN-01', outlet_name: 'Cafe' };
const DARK = { id: '6f1e0d2c-3b4a-4c5d-8e7f-9a0b1c2d3e4f', name: 'GYM-SCREEN-01', outlet_name: 'Gym' };

function overview(screens: AnalyticsOverview['by_screen']): AnalyticsOverview {
  const counted = screens.filter((screen) => screen.audience_source !== null);
  return {
    totals: {
      plays: screens.reduce((sum, screen) => sum + screen.plays, 0),
      impressions: screens.reduce((sum, screen) => sum + screen.impressions, 0),
      ads: 1,
      screens: screens.length,
      screens_with_audience: counted.length,
      outlets: screens.length,
      uptime_pct: null,
      uptime_screens: null,
      uptime_unavailable: 'NOT_YOUR_SCREENS',
    },
    series: [],
    by_ad: [],
    by_company: [],
    by_outlet: [],
    by_screen: screens,
    revenue: null,
  };
}

const counted = { ...COUNTED, plays: 9, impressions: 58, audience_source: 'Door counter, October' };
const dark = { ...DARK, plays: 3, impressions: 0, audience_source: null };

describe('Impressions on the analytics page', () => {
  it('shows the estimated impressions beside plays, says where they come from, and "—" for a screen without an estimate', () => {
    const data = overview([counted, dark]);
    renderPage(
      <>
        <KpiCards overview={data} days={2} />
        <ImpressionsNote overview={data} />
        <RankingChart
          title="By screen"
          description="Each screen's plays."
          noun="Screen"
          detailHeader="Outlet"
          withImpressions
          slices={data.by_screen.map((screen) => ({
            ...screen,
            impressions: screen.audience_source === null ? null : screen.impressions,
            detail: screen.outlet_name,
          }))}
        />
      </>,
    );
    const card = page.getByRole('article', { name: 'Impressions' });
    expect(within(card).getByText('58')).toBeVisible();
    expect(within(card).getByText('People who saw the plays, estimated')).toBeVisible();
    expect(page.getByRole('complementary', { name: 'About impressions' })).toHaveTextContent(
      /Impressions are estimates: each play × the people its screen's audience estimate says see a play .* 1 of the 2 screens that played has one; plays on the others count none\./,
    );
    const table = page.getByRole('table', { name: 'By screen' });
    expect(within(table).getByRole('columnheader', { name: 'Impressions' })).toBeVisible();
    expect(within(table).getByRole('row', { name: /CAFE-SCREEN-01/ })).toHaveTextContent(/958$/);
    expect(within(table).getByRole('row', { name: /GYM-SCREEN-01/ })).toHaveTextContent(/3—$/);
  });

  it('says "—" and how to set an estimate when no screen that played has one', () => {
    const data = overview([dark]);
    renderPage(
      <>
        <KpiCards overview={data} days={2} />
        <ImpressionsNote overview={data} />
      </>,
    );
    const card = page.getByRole('article', { name: 'Impressions' });
    expect(within(card).getByText('—')).toBeVisible();
    expect(within(card).getByText('No audience estimate')).toBeVisible();
    expect(page.getByRole('complementary', { name: 'About impressions' })).toHaveTextContent(
      "No screen that played in this range has an audience estimate, so its impressions cannot be told. Set one in the Audience card on GYM-SCREEN-01's page.",
    );
    expect(page.getByRole('link', { name: "GYM-SCREEN-01's page" })).toHaveAttribute(
      'href',
      `/dashboard/screens/edit/${DARK.id}`,
    );
  });

  it('tells an advertiser who sets an estimate, without a link they could not follow', () => {
    const data = overview([dark]);
    renderPage(<ImpressionsNote overview={data} />, { user: signedInUser('COMPANY_ADMIN') });
    expect(page.getByRole('complementary', { name: 'About impressions' })).toHaveTextContent(
      "An estimate is set in the Audience card on a screen's page, by those who manage screens.",
    );
    expect(page.queryByRole('link')).toBeNull();
  });
});
