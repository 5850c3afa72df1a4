import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from '@/lib/react-query';
import { readUserToken } from '@/lib/user-token';

const HOME_PAGE = /^\/dashboard\/?$/;

/**
 * Opened on the dashboard's home with a stored session, the home's numbers are asked for beside
 * the session check instead of after it: one round trip less before the page shows them
 * (decision 091). Its code is already on its way (the page's document preloads it, decision 046).
 */
function warmHomePage(queryClient: QueryClient) {
  if (!HOME_PAGE.test(window.location.pathname) || !readUserToken()) return;
  void import('@/features/dashboard/api/get-dashboard-summary').then((summary) =>
    summary.prefetchDashboardSummary(queryClient),
  );
}

function sessionQueryClient() {
  const queryClient = createQueryClient();
  warmHomePage(queryClient);
  return queryClient;
}

/**
 * The staff session covers the sign-in page and the dashboard, not the public pages or the
 * screen player; so does the query cache, which only they use (it stays out of the player's bundle).
 */
export function StaffSessionLayout() {
  const [queryClient] = useState(sessionQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}
