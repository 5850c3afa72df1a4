import { LogOutIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { useThemeClass } from '@/lib/theme';
import { toast } from '@/lib/toast';

// Only a user with a temporary password sees these forms: their code (the form library and the
// contract's schemas) stays out of every other dashboard's first load.
const ChoosePasswordForm = lazy(() =>
  import('@/features/settings/components/choose-password-form').then((m) => ({ default: m.ChoosePasswordForm })),
);
const PasswordForm = lazy(() =>
  import('@/features/settings/components/password-form').then((m) => ({ default: m.PasswordForm })),
);

/**
 * A user signed in with the temporary password they were given chooses their own before any of
 * the dashboard opens: its frame too, so nothing asks the server for what they may not see yet.
 * Just after signing in, the sign-in's token stands for the temporary password, so it is not asked
 * again (decision 089); after a reload, or once that token has run out, it is.
 */
export function PasswordChangeGate() {
  useThemeClass();
  const { user, logout, passwordChangeToken } = useAuth();
  const [tokenRefused, setTokenRefused] = useState(false);
  if (!user.must_change_password) return <Outlet />;

  const oneStep = passwordChangeToken !== null && !tokenRefused;
  const onChanged = () => toast.success('Password set', { description: 'Welcome to AdLoop.' });

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-4 py-10">
      <Logo />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold">Choose your password</h1>
          <CardDescription>
            Welcome, {user.name}. You signed in with a temporary password; choose your own to open the dashboard.
          </CardDescription>
          {tokenRefused ? (
            <p role="status" className="text-sm text-muted-foreground">
              That took a while, so type your temporary password once more.
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Skeleton className="h-48" aria-busy="true" />}>
            {oneStep ? (
              <ChoosePasswordForm
                token={passwordChangeToken}
                email={user.email}
                onChanged={onChanged}
                onTokenRefused={() => setTokenRefused(true)}
              />
            ) : (
              <PasswordForm
                currentLabel="Temporary password"
                submitLabel="Set password and continue"
                onChanged={onChanged}
              />
            )}
          </Suspense>
        </CardContent>
      </Card>
      <Button variant="ghost" size="sm" onClick={logout}>
        <LogOutIcon aria-hidden="true" />
        Log out
      </Button>
    </main>
  );
}
