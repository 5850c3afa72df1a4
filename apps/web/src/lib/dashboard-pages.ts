import { mayManageIntegrationTokens } from '@adloop/contract/integration-token-rules';
import type { Role } from '@adloop/contract/roles';
import {
  ActivityIcon,
  BarChart3Icon,
  Building2Icon,
  CalendarRangeIcon,
  ClipboardCheckIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MapPinnedIcon,
  MegaphoneIcon,
  MonitorIcon,
  ReceiptIcon,
  SettingsIcon,
  SirenIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { type Access, allowed, everyone, mayManageUsers, readsOnlyScreenCampaigns } from '@/lib/access';
import { paths } from '@/lib/paths';

/** The sidebar's groups, top to bottom; a pinned group stays in the footer, in view however many pages the role has. */
export const NAV_GROUPS = [
  { label: 'Overview' },
  { label: 'Content' },
  { label: 'Reports' },
  { label: 'Billing' },
  { label: 'Onboarding' },
  { label: 'Account', pinned: true },
] as const;

export type NavGroupLabel = (typeof NAV_GROUPS)[number]['label'];

/** A count the sidebar shows beside an entry (`components/layouts/nav-badge.tsx` reads each). */
export type NavBadge = 'reviewQueue';

/** A sidebar entry: the group that lists the page, its icon and any count beside it. */
export type NavEntry = { group: NavGroupLabel; icon: LucideIcon; badge?: NavBadge };

export type DashboardPage = {
  /** The route's pattern, from the paths table (the entry of the same name). */
  path: string;
  /** The page's name, shown in the sidebar, the top bar, the document title and as its heading. */
  title: string;
  /** Who may open the page and see its sidebar entry, read from the permission matrix. */
  access: Access;
  /**
   * The feature folder holding the page's code: `features/<feature>/<name in kebab-case>-page.tsx`,
   * exporting `<Name>Page` (see `pageModule`). The router loads it on demand.
   */
  feature: string;
  /** The sidebar's entry; pages opened from another page have none. */
  nav?: NavEntry;
};

function page<Nav extends NavEntry | undefined = undefined>(
  feature: string,
  title: string,
  access: Access,
  nav?: Nav,
): Omit<DashboardPage, 'path'> & { nav: Nav } {
  return { feature, title, access, nav: nav as Nav };
}

type PathName = keyof typeof paths;

/** Each page gets the path of the paths table's entry of its name. */
function withPaths<
  Pages extends { [Name in keyof Pages]: Name extends PathName ? Omit<DashboardPage, 'path'> : never },
>(pages: Pages): { [Name in keyof Pages]: Pages[Name] & { path: string } } {
  const named = Object.entries(pages) as Array<[PathName, Omit<DashboardPage, 'path'>]>;
  return Object.fromEntries(named.map(([name, entry]) => [name, { ...entry, path: paths[name].path }])) as {
    [Name in keyof Pages]: Pages[Name] & { path: string };
  };
}

/**
 * Every page under /dashboard (spec §2). The router builds its routes from this and loads each
 * page's code from its feature; the sidebar lists the pages with a nav entry, in this order within
 * each group.
 */
export const DASHBOARD_PAGES = withPaths({
  dashboard: page('dashboard', 'Dashboard', everyone, { group: 'Overview', icon: LayoutDashboardIcon }),
  analytics: page('analytics', 'Analytics', allowed('analytics'), { group: 'Overview', icon: BarChart3Icon }),
  ads: page('ads', 'Ads', allowed('ads'), { group: 'Content', icon: MegaphoneIcon }),
  reviewQueue: page('ads', 'Review queue', allowed('ads', 'approve'), {
    group: 'Content',
    icon: ClipboardCheckIcon,
    badge: 'reviewQueue',
  }),
  createAd: page('ads', 'Create ad', allowed('ads', 'create')),
  editAd: page('ads', 'Edit ad', allowed('ads', 'update')),
  campaigns: page('campaigns', 'Campaigns', allowed('campaigns'), { group: 'Content', icon: CalendarRangeIcon }),
  createCampaign: page('campaigns', 'New campaign', allowed('campaigns', 'create')),
  editCampaign: page('campaigns', 'Edit campaign', allowed('campaigns', 'update')),
  campaign: page('campaigns', 'Campaign', allowed('campaigns')),
  screenCampaigns: page('campaigns', 'Campaigns', readsOnlyScreenCampaigns, {
    group: 'Content',
    icon: CalendarRangeIcon,
  }),
  screenCampaign: page('campaigns', 'Campaign on your screens', readsOnlyScreenCampaigns),
  screens: page('screens', 'Screens', allowed('screens'), { group: 'Content', icon: MonitorIcon }),
  createScreen: page('screens', 'Create screen', allowed('screens', 'create')),
  editScreen: page('screens', 'Edit screen', allowed('screens', 'update')),
  pairScreen: page('screens', 'Pair a screen', allowed('screens', 'update')),
  takeovers: page('takeovers', 'Emergency takeover', allowed('takeovers'), { group: 'Content', icon: SirenIcon }),
  playbackLogs: page('logs', 'Playback logs', allowed('playbackLogs'), { group: 'Reports', icon: HistoryIcon }),
  screenActivity: page('screen-activity', 'Screen activity', allowed('screenActivity'), {
    group: 'Reports',
    icon: ActivityIcon,
  }),
  adTransactions: page('billing', 'Ad transactions', allowed('adTransactions'), {
    group: 'Billing',
    icon: ReceiptIcon,
  }),
  addAdTransaction: page('billing', 'Add ad transaction', allowed('adTransactions', 'create')),
  screenPayouts: page('billing', 'Screen payouts', allowed('screenPayouts'), { group: 'Billing', icon: WalletIcon }),
  addScreenPayout: page('billing', 'Add screen payout', allowed('screenPayouts', 'create')),
  rateCard: page('rate-card', 'Rate card', allowed('rateCards'), { group: 'Billing', icon: TagIcon }),
  users: page('onboarding', 'Users', mayManageUsers, { group: 'Onboarding', icon: UsersIcon }),
  onboardUser: page('onboarding', 'Onboard user', allowed('users', 'create')),
  editUser: page('onboarding', 'Edit user', allowed('users', 'update')),
  companies: page('onboarding', 'Companies', allowed('companies'), { group: 'Onboarding', icon: Building2Icon }),
  onboardCompany: page('onboarding', 'Onboard company', allowed('companies', 'create')),
  editCompany: page('onboarding', 'Edit company', allowed('companies', 'update')),
  outlets: page('onboarding', 'Outlets', allowed('outlets'), { group: 'Onboarding', icon: StoreIcon }),
  onboardOutlet: page('onboarding', 'Onboard outlet', allowed('outlets', 'create')),
  editOutlet: page('onboarding', 'Edit outlet', allowed('outlets', 'update')),
  pincodes: page('pincodes', 'Pincodes', allowed('pincodes'), { group: 'Onboarding', icon: MapPinnedIcon }),
  settings: page('settings', 'Settings', everyone, { group: 'Account', icon: SettingsIcon }),
  integrationTokens: page('settings', 'Integration tokens', mayManageIntegrationTokens),
});

export type DashboardPageName = keyof typeof DASHBOARD_PAGES;

/** The pages listed in the sidebar. */
export type NavPageName = {
  [Name in DashboardPageName]: (typeof DASHBOARD_PAGES)[Name]['nav'] extends NavEntry ? Name : never;
}[DashboardPageName];

/** Where a page's code is, from `src/`, and the component it exports: `features/ads/create-ad-page.tsx`, `CreateAdPage`. */
export function pageModule(name: DashboardPageName): { file: string; component: string } {
  const kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return {
    file: `features/${DASHBOARD_PAGES[name].feature}/${kebab}-page.tsx`,
    component: `${name.charAt(0).toUpperCase()}${name.slice(1)}Page`,
  };
}

/** The pages a link can name without a record's id. */
export type LinkablePageName = Exclude<DashboardPageName, `edit${string}`>;

/** A link to a dashboard page the role may open, else undefined (a summary card then shows no link). */
export function hrefIfAllowed(role: Role, name: LinkablePageName): string | undefined {
  return DASHBOARD_PAGES[name].access(role) ? DASHBOARD_PAGES[name].path : undefined;
}
