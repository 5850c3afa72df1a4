import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { DASHBOARD_PAGES, type DashboardPageName } from '@/lib/dashboard-pages';
import type { RouteHandle } from '@/lib/route-handle';

/** Each registry page's code, loaded on demand; a page in the registry without one does not compile. */
const PAGE_COMPONENTS: Record<DashboardPageName, () => Promise<ComponentType>> = {
  dashboard: () => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage),
  analytics: () => import('@/features/analytics/analytics-page').then((m) => m.AnalyticsPage),
  ads: () => import('@/features/ads/ads-page').then((m) => m.AdsPage),
  createAd: () => import('@/features/ads/create-ad-page').then((m) => m.CreateAdPage),
  editAd: () => import('@/features/ads/edit-ad-page').then((m) => m.EditAdPage),
  screens: () => import('@/features/screens/screens-page').then((m) => m.ScreensPage),
  createScreen: () => import('@/features/screens/create-screen-page').then((m) => m.CreateScreenPage),
  editScreen: () => import('@/features/screens/edit-screen-page').then((m) => m.EditScreenPage),
  takeovers: () => import('@/features/takeovers/takeovers-page').then((m) => m.TakeoversPage),
  playbackLogs: () => import('@/features/logs/playback-logs-page').then((m) => m.PlaybackLogsPage),
  screenActivity: () => import('@/features/screen-activity/screen-activity-page').then((m) => m.ScreenActivityPage),
  adTransactions: () => import('@/features/billing/ad-transactions-page').then((m) => m.AdTransactionsPage),
  addAdTransaction: () => import('@/features/billing/add-ad-transaction-page').then((m) => m.AddAdTransactionPage),
  screenPayouts: () => import('@/features/billing/screen-payouts-page').then((m) => m.ScreenPayoutsPage),
  addScreenPayout: () => import('@/features/billing/add-screen-payout-page').then((m) => m.AddScreenPayoutPage),
  rateCard: () => import('@/features/rate-card/rate-card-page').then((m) => m.RateCardPage),
  users: () => import('@/features/onboarding/users-page').then((m) => m.UsersPage),
  onboardUser: () => import('@/features/onboarding/onboard-user-page').then((m) => m.OnboardUserPage),
  editUser: () => import('@/features/onboarding/edit-user-page').then((m) => m.EditUserPage),
  companies: () => import('@/features/onboarding/companies-page').then((m) => m.CompaniesPage),
  onboardCompany: () => import('@/features/onboarding/onboard-company-page').then((m) => m.OnboardCompanyPage),
  editCompany: () => import('@/features/onboarding/edit-company-page').then((m) => m.EditCompanyPage),
  outlets: () => import('@/features/onboarding/outlets-page').then((m) => m.OutletsPage),
  onboardOutlet: () => import('@/features/onboarding/onboard-outlet-page').then((m) => m.OnboardOutletPage),
  editOutlet: () => import('@/features/onboarding/edit-outlet-page').then((m) => m.EditOutletPage),
  pincodes: () => import('@/features/pincodes/pincodes-page').then((m) => m.PincodesPage),
  settings: () => import('@/features/settings/settings-page').then((m) => m.SettingsPage),
};

/** The pages under /dashboard (spec §2), from the page registry; the home page is the index route. */
const dashboardPages: RouteObject[] = [
  ...(Object.keys(DASHBOARD_PAGES) as DashboardPageName[]).map((name): RouteObject => {
    const { path, title, access } = DASHBOARD_PAGES[name];
    const route = { handle: { title, access } satisfies RouteHandle, element: lazyPage(PAGE_COMPONENTS[name]) };
    return name === 'dashboard' ? { index: true, ...route } : { path, ...route };
  }),
  { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, element: <NotFoundPage /> },
];

/**
 * Every page sits behind the first-sign-in check: someone holding a temporary password
 * chooses their own before any page opens.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({
      Component: (await import('@/features/settings/components/password-change-gate')).PasswordChangeGate,
    }),
    children: dashboardPages,
  },
];
