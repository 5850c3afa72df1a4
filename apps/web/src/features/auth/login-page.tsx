import { Link, Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { HomeLogoLink } from '@/components/logo';
import { LoginForm } from '@/features/auth/components/login-form';
import { LoginShowcase } from '@/features/auth/components/login-showcase';
import type { LoginRedirectState } from '@/features/auth/components/require-auth';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

/** What the set-password page hands over: the account whose password was just set (decision 089). */
export type PasswordSetState = { passwordSetFor: string };

function passwordSetFor(state: unknown): string | undefined {
  const email = (state as Partial<PasswordSetState> | null)?.passwordSetFor;
  return typeof email === 'string' ? email : undefined;
}

/** Where to go after signing in: the dashboard page that sent the user here, else the dashboard home. */
function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith(paths.dashboard.path) ? from : paths.dashboard.getHref();
}

export function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();

  if (status === 'checking') return <FullScreenLoader />;
  if (status === 'authenticated') return <Navigate to={returnPath(location.state)} replace />;

  return (
    <main className="grid min-h-svh lg:grid-cols-2">
      <div className="flex flex-col gap-4 p-6 min-[720px]:p-10">
        <div className="flex justify-center min-[720px]:justify-start">
          <HomeLogoLink />
        </div>
        <div className="flex flex-1 items-center justify-center py-8">
          <div className="w-full max-w-sm">
            <LoginForm passwordSetFor={passwordSetFor(location.state)} />
          </div>
        </div>
        <p className="text-center text-xs text-muted-foreground min-[720px]:text-left">
          Screens sign in with their screen code on the{' '}
          <Link to={paths.screenConnect.getHref()} className="underline underline-offset-4 hover:text-foreground">
            screen connect page
          </Link>
          .
        </p>
      </div>
      <LoginShowcase />
    </main>
  );
}
