import type { RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { allowed, mayManageUsers } from '@/lib/access';
import type { RouteHandle } from '@/lib/route-handle';

function page(path: string, handle: RouteHandle, element: RouteObject['element']): RouteObject {
  return { path, handle, element };
}

/** The pages under /dashboard (spec §2), each loaded on demand. */
const dashboardPages: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Dashboard' } satisfies RouteHandle,
    element: lazyPage(() => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  },
  page(
    'ads',
    { title: 'Ads', access: allowed('ads') },
    lazyPage(() => import('@/features/ads/ads-page').then((m) => m.AdsPage)),
  ),
  page(
    'ads/create',
    { title: 'Create ad', access: allowed('ads', 'create') },
    lazyPage(() => import('@/features/ads/create-ad-page').then((m) => m.CreateAdPage)),
  ),
  page(
    'ads/edit/:id',
    { title: 'Edit ad', access: allowed('ads', 'update') },
    lazyPage(() => import('@/features/ads/edit-ad-page').then((m) => m.EditAdPage)),
  ),
  page(
    'screens',
    { title: 'Screens', access: allowed('screens') },
    lazyPage(() => import('@/features/screens/screens-page').then((m) => m.ScreensPage)),
  ),
  page(
    'screens/create',
    { title: 'Create screen', access: allowed('screens', 'create') },
    lazyPage(() => import('@/features/screens/create-screen-page').then((m) => m.CreateScreenPage)),
  ),
  page(
    'screens/edit/:id',
    { title: 'Edit screen', access: allowed('screens', 'update') },
    lazyPage(() => import('@/features/screens/edit-screen-page').then((m) => m.EditScreenPage)),
  ),
  page(
    'analytics',
    { title: 'Analytics', access: allowed('analytics') },
    lazyPage(() => import('@/features/analytics/analytics-page').then((m) => m.AnalyticsPage)),
  ),
  page(
    'billing/transactions',
    { title: 'Ad transactions', access: allowed('adTransactions') },
    lazyPage(() => import('@/features/billing/ad-transactions-page').then((m) => m.AdTransactionsPage)),
  ),
  page(
    'billing/transactions/add',
    { title: 'Add ad transaction', access: allowed('adTransactions', 'create') },
    lazyPage(() => import('@/features/billing/add-ad-transaction-page').then((m) => m.AddAdTransactionPage)),
  ),
  page(
    'billing/payouts',
    { title: 'Screen payouts', access: allowed('screenPayouts') },
    lazyPage(() => import('@/features/billing/screen-payouts-page').then((m) => m.ScreenPayoutsPage)),
  ),
  page(
    'billing/payouts/add',
    { title: 'Add screen payout', access: allowed('screenPayouts', 'create') },
    lazyPage(() => import('@/features/billing/add-screen-payout-page').then((m) => m.AddScreenPayoutPage)),
  ),
  page(
    'settings',
    { title: 'Settings' },
    lazyPage(() => import('@/features/settings/settings-page').then((m) => m.SettingsPage)),
  ),
  page(
    'onboarding/users',
    { title: 'Users', access: mayManageUsers },
    lazyPage(() => import('@/features/onboarding/users-page').then((m) => m.UsersPage)),
  ),
  page(
    'onboarding/users/onboard',
    { title: 'Onboard user', access: allowed('users', 'create') },
    lazyPage(() => import('@/features/onboarding/onboard-user-page').then((m) => m.OnboardUserPage)),
  ),
  page(
    'onboarding/users/edit/:id',
    { title: 'Edit user', access: allowed('users', 'update') },
    lazyPage(() => import('@/features/onboarding/edit-user-page').then((m) => m.EditUserPage)),
  ),
  page(
    'onboarding/company',
    { title: 'Companies', access: allowed('companies') },
    lazyPage(() => import('@/features/onboarding/companies-page').then((m) => m.CompaniesPage)),
  ),
  page(
    'onboarding/company/onboard',
    { title: 'Onboard company', access: allowed('companies', 'create') },
    lazyPage(() => import('@/features/onboarding/onboard-company-page').then((m) => m.OnboardCompanyPage)),
  ),
  page(
    'onboarding/company/edit/:id',
    { title: 'Edit company', access: allowed('companies', 'update') },
    lazyPage(() => import('@/features/onboarding/edit-company-page').then((m) => m.EditCompanyPage)),
  ),
  page(
    'onboarding/outlet',
    { title: 'Outlets', access: allowed('outlets') },
    lazyPage(() => import('@/features/onboarding/outlets-page').then((m) => m.OutletsPage)),
  ),
  page(
    'onboarding/outlet/onboard',
    { title: 'Onboard outlet', access: allowed('outlets', 'create') },
    lazyPage(() => import('@/features/onboarding/onboard-outlet-page').then((m) => m.OnboardOutletPage)),
  ),
  page(
    'onboarding/outlet/edit/:id',
    { title: 'Edit outlet', access: allowed('outlets', 'update') },
    lazyPage(() => import('@/features/onboarding/edit-outlet-page').then((m) => m.EditOutletPage)),
  ),
  page(
    'onboarding/pincodes',
    { title: 'Pincodes', access: allowed('pincodes') },
    lazyPage(() => import('@/features/pincodes/pincodes-page').then((m) => m.PincodesPage)),
  ),
  page(
    'playback-logs',
    { title: 'Playback logs', access: allowed('playbackLogs') },
    lazyPage(() => import('@/features/logs/playback-logs-page').then((m) => m.PlaybackLogsPage)),
  ),
  page(
    'screen-activity',
    { title: 'Screen activity', access: allowed('screenActivity') },
    lazyPage(() => import('@/features/screen-activity/screen-activity-page').then((m) => m.ScreenActivityPage)),
  ),
  page(
    'rate-card',
    { title: 'Rate card', access: allowed('rateCards') },
    lazyPage(() => import('@/features/rate-card/rate-card-page').then((m) => m.RateCardPage)),
  ),
  page(
    'takeovers',
    { title: 'Emergency takeover', access: allowed('takeovers') },
    lazyPage(() => import('@/features/takeovers/takeovers-page').then((m) => m.TakeoversPage)),
  ),
  page('*', { title: 'Page not found' }, <NotFoundPage />),
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
