import { createBrowserRouter } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { RootLayout } from '@/app/root-layout';
import { dashboardRoutes } from '@/app/routes/dashboard-routes';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { RequireAuth } from '@/features/auth/components/require-auth';

/** Every route of spec §2. Pages load on demand, so the screen player never downloads the dashboard. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      { path: '/', element: lazyPage(() => import('@/features/landing/landing-page').then((m) => m.LandingPage)) },
      {
        path: '/pricing',
        element: lazyPage(() => import('@/features/pricing/pricing-page').then((m) => m.PricingPage)),
      },
      {
        path: '/ad/screen',
        element: lazyPage(() => import('@/features/display/screen-connect-page').then((m) => m.ScreenConnectPage)),
      },
      {
        path: '/ad/screen/display',
        element: lazyPage(() => import('@/features/display/display-page').then((m) => m.DisplayPage)),
      },
      {
        // The staff session (and zod, which checks its answers) loads only with the sign-in page or the dashboard.
        lazy: async () => ({ Component: (await import('@/app/staff-session-layout')).StaffSessionLayout }),
        children: [
          {
            path: '/login',
            element: lazyPage(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
          },
          {
            path: '/dashboard',
            element: (
              <RequireAuth>
                {lazyPage(() => import('@/components/layouts/dashboard-layout').then((m) => m.DashboardLayout))}
              </RequireAuth>
            ),
            children: dashboardRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage fullPage /> },
    ],
  },
]);
