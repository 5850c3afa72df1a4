import { CircleCheckIcon, InfoIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { FieldError, PlainField } from '@/components/form/plain-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLogin } from '@/features/auth/api/login';
import { useLoginForm } from '@/features/auth/hooks/use-login-form';

const DEMO_CONTACT_EMAIL = 'demo@adloop.app';

/** `passwordSetFor`: the email whose password an invitation link has just set; it is filled in, with a word why. */
export function LoginForm({ passwordSetFor }: { passwordSetFor?: string }) {
  const login = useLogin();
  const [showResetNote, setShowResetNote] = useState(false);
  // A failed login has already been toasted by the HTTP client and logged by useLogin.
  const { errors, fieldProps, onSubmit } = useLoginForm((form) => login.mutate(form));

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col gap-2 text-center min-[720px]:text-left">
        <h1 className="text-2xl font-bold tracking-tight">Sign in to your dashboard</h1>
        <p className="text-sm text-balance text-muted-foreground">
          Enter your work email and password to manage your ads and screens.
        </p>
      </div>
      {passwordSetFor ? (
        <p role="status" className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm">
          <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          Your password is set. Sign in with it to open your dashboard.
        </p>
      ) : null}
      <div className="grid gap-5">
        <PlainField id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            defaultValue={passwordSetFor}
            {...fieldProps('email')}
          />
        </PlainField>
        <div className="grid gap-2">
          <div className="flex items-center">
            <Label htmlFor="password">Password</Label>
            <button
              type="button"
              onClick={() => setShowResetNote(true)}
              className="ml-auto text-sm text-primary underline-offset-4 hover:underline"
            >
              Forgot your password?
            </button>
          </div>
          <PasswordInput id="password" autoComplete="current-password" {...fieldProps('password')} />
          <FieldError id="password-error" message={errors.password} />
        </div>
        {showResetNote ? (
          <p role="status" className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm text-muted-foreground">
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Password reset is handled by your administrator. Please contact them to reset your password.
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden="true" />
              Signing in...
            </>
          ) : (
            'Sign in'
          )}
        </Button>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Want AdLoop for your business? Request a demo at{' '}
        <a
          href={`mailto:${DEMO_CONTACT_EMAIL}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {DEMO_CONTACT_EMAIL}
        </a>
      </p>
    </form>
  );
}
