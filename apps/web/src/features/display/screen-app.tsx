import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { Redirect } from '@/features/display/components/redirect';
import { SCREEN_CONNECT_PATH, screenPageOf, useScreenLocation } from '@/features/display/lib/screen-location';

const ScreenConnectPage = lazy(() =>
  import('@/features/display/screen-connect-page').then((m) => ({ default: m.ScreenConnectPage })),
);
const DisplayPage = lazy(() => import('@/features/display/display-page').then((m) => ({ default: m.DisplayPage })));

/**
 * The screen player's document (spec §2, decision 081): /ad/screen signs a screen in,
 * /ad/screen/display loops its ads. It picks its page itself, with no router. Each page's code
 * loads on its own, so a booting kiosk never downloads the connect form.
 */
export function ScreenApp() {
  const { pathname } = useScreenLocation();
  const page = screenPageOf(pathname);

  if (page === 'display') {
    return (
      // A screen that boots shows black, not the light loader, while the player's code arrives.
      <Suspense fallback={<div className="fixed inset-0 bg-black" />}>
        <DisplayPage />
      </Suspense>
    );
  }
  if (page === 'connect') {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <ScreenConnectPage />
      </Suspense>
    );
  }
  return <Redirect to={SCREEN_CONNECT_PATH} />;
}
