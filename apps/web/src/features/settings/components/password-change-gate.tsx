import { LogOutIcon } from 'lucide-react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PasswordForm } from '@/features/settings/components/password-form';
import { useAuth } from '@/lib/auth-context';

/**
 * A user signed in with the temporary password they were given must choose their own before
 * anything else in the dashboard opens.
 */
export function PasswordChangeGate() {
  const { user, logout } = useAuth();
  if (!user.must_change_password) return <Outlet />;

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-muted/90 backdrop-blur-md">
      <div className="flex min-h-full flex-col items-center justify-center gap-6 p-4 py-10">
        <Logo />
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-xl leading-none font-semibold">Choose your password</h1>
            <CardDescription>
              Welcome, {user.name}. You signed in with a temporary password; choose your own to open the dashboard.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordForm
              currentLabel="Temporary password"
              submitLabel="Set password and continue"
              onChanged={() => toast.success('Password set', { description: 'Welcome to AdLoop.' })}
            />
          </CardContent>
        </Card>
        <Button variant="ghost" size="sm" onClick={logout}>
          <LogOutIcon aria-hidden="true" />
          Log out
        </Button>
      </div>
    </div>
  );
}
