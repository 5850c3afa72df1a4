import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { DASHBOARD_PAGES, type DashboardPageName, pageModule } from '@/lib/dashboard-pages';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * The dashboard pages' code, each loaded on demand: a registry page's module is named by its
 * feature and name (`pageModule`); lib/dashboard-pages.test.ts checks each exists and exports it.
 * The player's and the public pages are loaded by the app's entry, not from here.
 */
const PAGE_MODULES = import.meta.glob<Record<string, ComponentType>>([
  '../../features/*/*-page.tsx',
  '!../../features/{display,auth,landing,pricing}/**',
]);

function loadPage(name: DashboardPageName): () => Promise<ComponentType> {
  const { file, component } = pageModule(name);
  return async () => {
    const page = (await PAGE_MODULES[`../../${file}`]?.())?.[component];
    if (!page) throw new Error(`The dashboard page ${name} has no ${component} in src/${file}`);
    return page;
  };
}

/** The pages under /dashboard (spec §2), from the page registry; the home page is the index route. */
const dashboardPages: RouteObject[] = [
  ...(Object.keys(DASHBOARD_PAGES) as DashboardPageName[]).map((name): RouteObject => {
    const { path, title, access } = DASHBOARD_PAGES[name];
    const route = { handle: { title, access } satisfies RouteHandle, element: lazyPage(loadPage(name)) };
    return name === 'dashboard' ? { index: true, ...route } : { path, ...route };
  }),
  { path: '*', handle: { title: 'Page not found' } satisfies RouteHandle, element: <NotFoundPage /> },
];

/**
 * The dashboard's frame and every page sit behind the first-sign-in check: someone holding a
 * temporary password chooses their own before any of it opens or asks the server for anything
 * (decision 089).
 */
export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({
      Component: (await import('@/features/settings/components/password-change-gate')).PasswordChangeGate,
    }),
    children: [
      {
        element: lazyPage(() => import('@/components/layouts/dashboard-layout').then((m) => m.DashboardLayout)),
        children: dashboardPages,
      },
    ],
  },
];
