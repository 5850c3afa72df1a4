import type { Role } from '@adloop/contract/roles';
import { type Access, allowed, everyone, mayManageUsers } from '@/lib/access';
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

export type DashboardPage = {
  /** The route's pattern, from the paths table. */
  path: string;
  /** The page's name, shown in the sidebar, the top bar, the document title and as its heading. */
  title: string;
  /** Who may open the page and see its sidebar entry, read from the permission matrix. */
  access: Access;
  /** The sidebar group that lists the page; pages opened from another page have none. */
  nav?: NavGroupLabel;
};

function page<Nav extends NavGroupLabel | undefined = undefined>(
  path: string,
  title: string,
  access: Access,
  nav?: Nav,
): DashboardPage & { nav: Nav } {
  return { path, title, access, nav: nav as Nav };
}

/**
 * Every page under /dashboard (spec §2). The router builds its routes from this and the sidebar
 * its links, in this order within each group; the icons sit beside the sidebar so the sign-in
 * page, which loads the routes, does not download them.
 */
export const DASHBOARD_PAGES = {
  dashboard: page(paths.dashboard.path, 'Dashboard', everyone, 'Overview'),
  analytics: page(paths.analytics.path, 'Analytics', allowed('analytics'), 'Overview'),
  ads: page(paths.ads.path, 'Ads', allowed('ads'), 'Content'),
  createAd: page(paths.createAd.path, 'Create ad', allowed('ads', 'create')),
  editAd: page(paths.editAd.path, 'Edit ad', allowed('ads', 'update')),
  screens: page(paths.screens.path, 'Screens', allowed('screens'), 'Content'),
  createScreen: page(paths.createScreen.path, 'Create screen', allowed('screens', 'create')),
  editScreen: page(paths.editScreen.path, 'Edit screen', allowed('screens', 'update')),
  takeovers: page(paths.takeovers.path, 'Emergency takeover', allowed('takeovers'), 'Content'),
  playbackLogs: page(paths.playbackLogs.path, 'Playback logs', allowed('playbackLogs'), 'Reports'),
  screenActivity: page(paths.screenActivity.path, 'Screen activity', allowed('screenActivity'), 'Reports'),
  adTransactions: page(paths.adTransactions.path, 'Ad transactions', allowed('adTransactions'), 'Billing'),
  addAdTransaction: page(paths.addAdTransaction.path, 'Add ad transaction', allowed('adTransactions', 'create')),
  screenPayouts: page(paths.screenPayouts.path, 'Screen payouts', allowed('screenPayouts'), 'Billing'),
  addScreenPayout: page(paths.addScreenPayout.path, 'Add screen payout', allowed('screenPayouts', 'create')),
  rateCard: page(paths.rateCard.path, 'Rate card', allowed('rateCards'), 'Billing'),
  users: page(paths.users.path, 'Users', mayManageUsers, 'Onboarding'),
  onboardUser: page(paths.onboardUser.path, 'Onboard user', allowed('users', 'create')),
  editUser: page(paths.editUser.path, 'Edit user', allowed('users', 'update')),
  companies: page(paths.companies.path, 'Companies', allowed('companies'), 'Onboarding'),
  onboardCompany: page(paths.onboardCompany.path, 'Onboard company', allowed('companies', 'create')),
  editCompany: page(paths.editCompany.path, 'Edit company', allowed('companies', 'update')),
  outlets: page(paths.outlets.path, 'Outlets', allowed('outlets'), 'Onboarding'),
  onboardOutlet: page(paths.onboardOutlet.path, 'Onboard outlet', allowed('outlets', 'create')),
  editOutlet: page(paths.editOutlet.path, 'Edit outlet', allowed('outlets', 'update')),
  pincodes: page(paths.pincodes.path, 'Pincodes', allowed('pincodes'), 'Onboarding'),
  settings: page(paths.settings.path, 'Settings', everyone, 'Account'),
};

export type DashboardPageName = keyof typeof DASHBOARD_PAGES;

/** The pages listed in the sidebar. */
export type NavPageName = {
  [Name in DashboardPageName]: (typeof DASHBOARD_PAGES)[Name]['nav'] extends NavGroupLabel ? Name : never;
}[DashboardPageName];

/** The pages a link can name without a record's id. */
export type LinkablePageName = Exclude<DashboardPageName, `edit${string}`>;

/** A link to a dashboard page the role may open, else undefined (a summary card then shows no link). */
export function hrefIfAllowed(role: Role, name: LinkablePageName): string | undefined {
  return DASHBOARD_PAGES[name].access(role) ? DASHBOARD_PAGES[name].path : undefined;
}
