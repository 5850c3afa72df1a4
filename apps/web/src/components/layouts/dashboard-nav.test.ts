import { describe, expect, it } from 'vitest';
import { DASHBOARD_NAV } from '@/components/layouts/dashboard-nav';
import { DASHBOARD_PAGES, NAV_GROUPS } from '@/lib/dashboard-pages';
import { paths } from '@/lib/paths';

const sidebar = () =>
  DASHBOARD_NAV.map((group) => [group.label, group.items.map((item) => `${item.title} ${item.url}`)]);

/** A's items in B's order, B's others left out: the pages of spec §2 keep their order whatever pages are added. */
const inOrderWithin = (a: string[], b: string[]) => b.filter((item) => a.includes(item));

describe('the dashboard sidebar', () => {
  it("lists the registry's pages that have a nav entry, by group in the groups' order, each in the registry's order with its icon", () => {
    const pages = Object.values(DASHBOARD_PAGES);
    expect(sidebar()).toEqual(
      NAV_GROUPS.map((group) => [
        group.label,
        pages.filter((page) => page.nav?.group === group.label).map((page) => `${page.title} ${page.path}`),
      ]),
    );
    expect(DASHBOARD_NAV.flatMap((group) => group.items.map((item) => item.icon))).toEqual(
      pages.flatMap((page) => (page.nav ? [page.nav.icon] : [])),
    );
  });

  it('lists the pages of spec §2 by group, in order', () => {
    const spec = [
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
    ] as const;
    const listed = sidebar();
    expect(listed.map(([label]) => label)).toEqual(spec.map(([label]) => label));
    spec.forEach(([, items], index) => {
      expect(inOrderWithin([...items], listed[index]![1] as string[])).toEqual(items);
    });
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
