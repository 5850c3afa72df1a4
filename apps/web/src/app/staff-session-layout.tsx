import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from '@/lib/react-query';

/**
 * The staff session covers the sign-in page and the dashboard, not the public pages or the
 * screen player; so does the query cache, which only they use (it stays out of the player's bundle).
 */
export function StaffSessionLayout() {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}
