import { Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { dashboardRoutes } from '@/app/routes/dashboard-routes';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { paths } from '@/lib/paths';

/** /login, /set-password and /dashboard/* with the staff session around them; joins the router on first visit. */
export const staffRoutes: RouteObject[] = [
  {
    // The staff session (and zod, which checks its answers) loads only with the sign-in page or the dashboard.
    lazy: async () => ({ Component: (await import('@/app/staff-session-layout')).StaffSessionLayout }),
    children: [
      {
        path: paths.login.path,
        element: lazyPage(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
      },
      {
        path: paths.setPassword.path,
        element: lazyPage(() => import('@/features/auth/set-password-page').then((m) => m.SetPasswordPage)),
      },
      {
        path: paths.dashboard.path,
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: dashboardRoutes,
      },
    ],
  },
];
