import { describe, expect, it } from 'vitest';
import { DASHBOARD_NAV } from '@/components/layouts/dashboard-nav';
import { paths } from '@/lib/paths';

describe('the dashboard sidebar', () => {
  it('lists the pages of spec §2 by group, in order', () => {
    expect(DASHBOARD_NAV.map((group) => [group.label, group.items.map((item) => `${item.title} ${item.url}`)])).toEqual(
      [
        ['Overview', ['Dashboard /dashboard', 'Analytics /dashboard/analytics']],
        ['Content', ['Ads /dashboard/ads', 'Screens /dashboard/screens', 'Emergency takeover /dashboard/takeovers']],
        ['Reports', ['Playback logs /dashboard/playback-logs', 'Screen activity /dashboard/screen-activity']],
        [
          'Billing',
          [
            'Ad transactions /dashboard/billing/transactions',
            'Screen payouts /dashboard/billing/payouts',
            'Rate card /dashboard/rate-card',
          ],
        ],
        [
          'Onboarding',
          [
            'Users /dashboard/onboarding/users',
            'Companies /dashboard/onboarding/company',
            'Outlets /dashboard/onboarding/outlet',
            'Pincodes /dashboard/onboarding/pincodes',
          ],
        ],
        ['Account', ['Settings /dashboard/settings']],
      ],
    );
    expect(DASHBOARD_NAV.filter((group) => group.pinned).map((group) => group.label)).toEqual(['Account']);
  });

  it('shows an outlet employee only the pages their role may open', () => {
    const visible = DASHBOARD_NAV.flatMap((group) => group.items)
      .filter((item) => item.access('OUTLET_EMPLOYEE'))
      .map((item) => item.title);
    expect(visible).toContain('Dashboard');
    expect(visible).toContain('Settings');
    expect(visible).not.toContain('Users');
  });
});

describe('paths', () => {
  it('links to a record and to a filtered list', () => {
    expect(paths.editAd.path).toBe('/dashboard/ads/edit/:id');
    expect(paths.editAd.getHref('4f2c')).toBe('/dashboard/ads/edit/4f2c');
    expect(paths.ads.getHref({ status: 'PENDING_REVIEW' })).toBe('/dashboard/ads?status=PENDING_REVIEW');
    expect(paths.screens.getHref()).toBe('/dashboard/screens');
    expect(paths.screenDisplay.getHref('DEMO SCREEN/1')).toBe('/ad/screen/display?screenId=DEMO%20SCREEN%2F1');
  });
});
