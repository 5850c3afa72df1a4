import { mayManageIntegrationTokens } from '@adloop/contract/integration-token-rules';
import { ChevronRightIcon, KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertEmailsSwitch } from '@/features/settings/components/alert-emails-switch';
import { PasswordForm } from '@/features/settings/components/password-form';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { ThemeChoice } from '@/features/settings/components/theme-choice';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

export function SettingsPage() {
  const { user } = useAuth();
  return (
    <PageShell description="Your profile, your password and how the dashboard looks.">
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>How you appear to your team.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <ProfileForm />
            <AlertEmailsSwitch />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Password</CardTitle>
            <CardDescription>Changing it signs you out on every other device.</CardDescription>
          </CardHeader>
          <CardContent className="max-w-md">
            <PasswordForm
              onChanged={() =>
                toast.success('Password changed', { description: 'Other devices have been signed out.' })
              }
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Appearance</CardTitle>
            <CardDescription>The dashboard's colours on this browser.</CardDescription>
          </CardHeader>
          <CardContent>
            <ThemeChoice />
          </CardContent>
        </Card>
        {mayManageIntegrationTokens(user.role) ? (
          <Card>
            <CardHeader>
              <CardTitle>Integrations</CardTitle>
              <CardDescription>
                Tokens that let a partner’s system read proof of play and spend, or push ads and screens, without
                anyone’s password.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to={paths.integrationTokens.getHref()}>
                  <KeyRoundIcon aria-hidden="true" />
                  Integration tokens
                  <ChevronRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </PageShell>
  );
}
