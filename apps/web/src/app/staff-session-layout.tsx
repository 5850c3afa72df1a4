import { Outlet } from 'react-router';
import { AuthProvider } from '@/features/auth/auth-provider';

/** The staff session covers the sign-in page and the dashboard, not the public pages or the screen player. */
export function StaffSessionLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
