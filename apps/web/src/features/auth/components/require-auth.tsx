import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { useAuth } from '@/lib/auth-context';
import { useRemoveBootShell } from '@/lib/boot-shell';
import { paths } from '@/lib/paths';

export type LoginRedirectState = { from?: string };

/** The dashboard's protection wrapper: waits for the auth check, then lets staff in or sends them to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, loggedOut } = useAuth();
  const location = useLocation();
  // The document's frame of the dashboard stays until the check has answered (decision 093).
  useRemoveBootShell(status !== 'checking');

  if (status === 'checking') return <FullScreenLoader />;
  if (status === 'unauthenticated') {
    const state: LoginRedirectState = loggedOut ? {} : { from: location.pathname + location.search + location.hash };
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }
  return children;
}
