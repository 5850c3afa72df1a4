import { INVITATION_GONE, type InvitationState } from '@adloop/contract/invitations';
import { KeyRoundIcon, LogInIcon, RotateCwIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields, newPasswordFormSchema } from '@/components/form/new-password-fields';
import { SubmitButton } from '@/components/form/submit-button';
import { HomeLogoLink } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvitation } from '@/features/auth/api/get-invitation';
import { useSetPassword } from '@/features/auth/api/set-password';
import type { PasswordSetState } from '@/features/auth/login-page';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { paths } from '@/lib/paths';
import { onReadersClock } from '@/lib/readers-clock';

const FIELDS = ['new_password', 'confirm_password'] as const;

function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const form = useForm({
    resolver: formResolver(newPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    try {
      const done = await setPassword.mutateAsync({ token, new_password });
      const state: PasswordSetState = { passwordSetFor: done.email };
      navigate(paths.login.getHref(), { replace: true, state });
    } catch (error) {
      // A link refused meanwhile is asked about again, and the page says why.
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields control={form.control} />
        <div>
          <SubmitButton pending={setPassword.isPending} icon={KeyRoundIcon} className="w-full sm:w-auto">
            Set password
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

function SignInLink() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.login.getHref()}>
        <LogInIcon aria-hidden="true" />
        Go to sign-in
      </Link>
    </Button>
  );
}

/**
 * Where an e-mailed invitation's link opens (decision 089), signed out: the invited person chooses
 * their password once, then signs in with it; a link used, expired or replaced says so and what to do.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);

  useEffect(() => {
    document.title = 'Choose your password · AdLoop';
  }, []);

  const state: InvitationState | undefined = invitation.data?.state ?? (invitation.isEnabled ? undefined : 'INVALID');
  const gone = state === 'VALID' ? undefined : state;

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-4 py-10">
      <HomeLogoLink />
      <Card className="w-full max-w-md">
        {state === 'VALID' && invitation.data ? (
          <>
            <CardHeader>
              <h1 className="text-xl leading-none font-semibold">Choose your password</h1>
              <CardDescription>
                Welcome to AdLoop, {invitation.data.name}. Choose the password you will sign in with as{' '}
                <span className="font-medium text-foreground">{invitation.data.email}</span>.
                {invitation.data.expires_at
                  ? ` This link works once, until ${onReadersClock(invitation.data.expires_at)}.`
                  : null}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SetPasswordForm token={token} email={invitation.data.email ?? ''} />
            </CardContent>
          </>
        ) : gone ? (
          <CardHeader className="gap-3">
            <h1 className="text-xl leading-snug font-semibold">{INVITATION_GONE[gone].why}</h1>
            <CardDescription>{INVITATION_GONE[gone].advice}</CardDescription>
            <div className="pt-2">
              <SignInLink />
            </div>
          </CardHeader>
        ) : invitation.isError ? (
          <CardHeader className="gap-3">
            <h1 className="text-xl leading-none font-semibold">This link could not be checked</h1>
            <CardDescription>Check your connection and try again.</CardDescription>
            <div className="pt-2">
              <Button variant="outline" onClick={() => invitation.refetch()}>
                <RotateCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          </CardHeader>
        ) : (
          <CardHeader className="gap-3" aria-busy="true">
            <h1 className="text-xl leading-none font-semibold">Choose your password</h1>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="mt-4 h-40 w-full" />
          </CardHeader>
        )}
      </Card>
    </main>
  );
}
