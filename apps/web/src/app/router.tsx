import { useEffect } from 'react';
import { createBrowserRouter, useLocation } from 'react-router';
import { lazyPage } from '@/app/lazy-page';
import { RootLayout } from '@/app/root-layout';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { FullScreenLoader } from '@/components/full-screen-loader';

const ROOT_ROUTE_ID = 'root';
const STAFF_PATH = /^\/(login|set-password|dashboard)(\/|$)/;
/** Set once the staff routes are in the router itself (a navigation's patch can be dropped, below). */
let staffRoutesInRouter = false;

/** The path this document was served for: a page the server answered with index.html. */
const DOCUMENT_PATH = window.location.pathname;

/**
 * The screen player is a document of its own (screen.html, decision 081) that the server answers
 * for its paths, without this router and the pages' libraries: a link from here loads it. Served
 * this document for a player path (a server without the player's), it shows the 404 page rather
 * than load itself again.
 */
function ScreenPlayerDocument() {
  const { pathname } = useLocation();
  const servedHere = pathname === DOCUMENT_PATH;
  useEffect(() => {
    if (!servedHere) window.location.reload();
  }, [servedHere]);
  return servedHere ? <NotFoundPage fullPage /> : <FullScreenLoader />;
}

const loadStaffRoutes = () => import('@/app/routes/staff-routes').then((m) => m.staffRoutes);

/**
 * The top-level 404, except on a staff path whose routes are not in the router yet: there it
 * adds them and navigates again, so /dashboard never shows "Page not found" while its code
 * arrives. Two ways led there: a first navigation for which lazy discovery was not asked, and
 * a navigation interrupted (by a click or popstate) while its routes loaded, whose patch went
 * to routes the router then threw away. Patching is idempotent: React Router skips a route it
 * already has, so every path below may patch again.
 */
function NotFoundOrStaffRoutes() {
  const { pathname, search, hash } = useLocation();
  const waitingForStaffRoutes = STAFF_PATH.test(pathname) && !staffRoutesInRouter;
  useEffect(() => {
    if (!waitingForStaffRoutes) return;
    void loadStaffRoutes().then((staffRoutes) => {
      router.patchRoutes(ROOT_ROUTE_ID, staffRoutes);
      staffRoutesInRouter = true;
      return router.navigate(`${pathname}${search}${hash}`, { replace: true });
    });
  }, [waitingForStaffRoutes, pathname, search, hash]);
  return waitingForStaffRoutes ? <FullScreenLoader /> : <NotFoundPage fullPage />;
}

/**
 * Every route of spec §2. Pages load on demand; the sign-in page and the dashboard's routes
 * (route table, access rules, session guard) join the router only when one of their paths is
 * first visited, so the public pages and the screen player never download any of them.
 */
export const router = createBrowserRouter(
  [
    {
      id: ROOT_ROUTE_ID,
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullScreenLoader />,
      children: [
        { path: '/', element: lazyPage(() => import('@/features/landing/landing-page').then((m) => m.LandingPage)) },
        {
          path: '/pricing',
          element: lazyPage(() => import('@/features/pricing/pricing-page').then((m) => m.PricingPage)),
        },
        { path: '/ad/screen', element: <ScreenPlayerDocument /> },
        { path: '/ad/screen/display', element: <ScreenPlayerDocument /> },
        { path: '*', element: <NotFoundOrStaffRoutes /> },
      ],
    },
  ],
  {
    async patchRoutesOnNavigation({ path, patch }) {
      if (staffRoutesInRouter || !STAFF_PATH.test(path)) return;
      patch(ROOT_ROUTE_ID, await loadStaffRoutes());
    },
  },
);
