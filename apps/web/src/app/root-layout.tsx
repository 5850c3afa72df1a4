import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineNotice } from '@/components/offline-notice';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { useRouteHandle } from '@/lib/route-handle';

/** Wraps every route: restores scroll on navigation and covers the page while the browser is offline. */
export function RootLayout() {
  const online = useOnlineStatus();
  const offlineNotice = useRouteHandle('offlineNotice') ?? true;

  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {!online && offlineNotice ? <OfflineNotice /> : null}
    </>
  );
}
