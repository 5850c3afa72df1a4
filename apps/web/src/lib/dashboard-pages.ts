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

/**
 * Every page under /dashboard (spec §2). The router builds its routes from this and the sidebar
 * its links, in this order within each group; the icons sit beside the sidebar so the sign-in
 * page, which loads the routes, does not download them.
 */
export const DASHBOARD_PAGES = {
  dashboard: { path: paths.dashboard.path, title: 'Dashboard', access: everyone, nav: 'Overview' },
  analytics: { path: paths.analytics.path, title: 'Analytics', access: allowed('analytics'), nav: 'Overview' },
  ads: { path: paths.ads.path, title: 'Ads', access: allowed('ads'), nav: 'Content' },
  createAd: { path: paths.createAd.path, title: 'Create ad', access: allowed('ads', 'create') },
  editAd: { path: paths.editAd.path, title: 'Edit ad', access: allowed('ads', 'update') },
  screens: { path: paths.screens.path, title: 'Screens', access: allowed('screens'), nav: 'Content' },
  createScreen: { path: paths.createScreen.path, title: 'Create screen', access: allowed('screens', 'create') },
  editScreen: { path: paths.editScreen.path, title: 'Edit screen', access: allowed('screens', 'update') },
  takeovers: { path: paths.takeovers.path, title: 'Emergency takeover', access: allowed('takeovers'), nav: 'Content' },
  playbackLogs: {
    path: paths.playbackLogs.path,
    title: 'Playback logs',
    access: allowed('playbackLogs'),
    nav: 'Reports',
  },
  screenActivity: {
    path: paths.screenActivity.path,
    title: 'Screen activity',
    access: allowed('screenActivity'),
    nav: 'Reports',
  },
  adTransactions: {
    path: paths.adTransactions.path,
    title: 'Ad transactions',
    access: allowed('adTransactions'),
    nav: 'Billing',
  },
  addAdTransaction: {
    path: paths.addAdTransaction.path,
    title: 'Add ad transaction',
    access: allowed('adTransactions', 'create'),
  },
  screenPayouts: {
    path: paths.screenPayouts.path,
    title: 'Screen payouts',
    access: allowed('screenPayouts'),
    nav: 'Billing',
  },
  addScreenPayout: {
    path: paths.addScreenPayout.path,
    title: 'Add screen payout',
    access: allowed('screenPayouts', 'create'),
  },
  rateCard: { path: paths.rateCard.path, title: 'Rate card', access: allowed('rateCards'), nav: 'Billing' },
  users: { path: paths.users.path, title: 'Users', access: mayManageUsers, nav: 'Onboarding' },
  onboardUser: { path: paths.onboardUser.path, title: 'Onboard user', access: allowed('users', 'create') },
  editUser: { path: paths.editUser.path, title: 'Edit user', access: allowed('users', 'update') },
  companies: { path: paths.companies.path, title: 'Companies', access: allowed('companies'), nav: 'Onboarding' },
  onboardCompany: {
    path: paths.onboardCompany.path,
    title: 'Onboard company',
    access: allowed('companies', 'create'),
  },
  editCompany: { path: paths.editCompany.path, title: 'Edit company', access: allowed('companies', 'update') },
  outlets: { path: paths.outlets.path, title: 'Outlets', access: allowed('outlets'), nav: 'Onboarding' },
  onboardOutlet: { path: paths.onboardOutlet.path, title: 'Onboard outlet', access: allowed('outlets', 'create') },
  editOutlet: { path: paths.editOutlet.path, title: 'Edit outlet', access: allowed('outlets', 'update') },
  pincodes: { path: paths.pincodes.path, title: 'Pincodes', access: allowed('pincodes'), nav: 'Onboarding' },
  settings: { path: paths.settings.path, title: 'Settings', access: everyone, nav: 'Account' },
} as const satisfies Record<string, DashboardPage>;

export type DashboardPageName = keyof typeof DASHBOARD_PAGES;

/** The pages listed in the sidebar. */
export type NavPageName = {
  [Name in DashboardPageName]: (typeof DASHBOARD_PAGES)[Name] extends { nav: NavGroupLabel } ? Name : never;
}[DashboardPageName];

/** A link to a dashboard page the role may open, else undefined (a summary card then shows no link). */
export function hrefIfAllowed(role: Role, name: Exclude<DashboardPageName, `edit${string}`>): string | undefined {
  return DASHBOARD_PAGES[name].access(role) ? DASHBOARD_PAGES[name].path : undefined;
}
