import { NEW_PASSWORD_MIN_LENGTH } from '@adloop/contract/auth';
import { passwordChangeSchema } from '@adloop/contract/users';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useChangePassword } from '@/features/settings/api/change-password';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';

/** The contract's rules for the change, plus typing the new password twice. */
const passwordFormSchema = z
  .object({ current_password: z.string(), new_password: z.string(), confirm_password: z.string() })
  .superRefine((values, context) => {
    const change = passwordChangeSchema.safeParse({
      current_password: values.current_password,
      new_password: values.new_password,
    });
    for (const issue of change.success ? [] : change.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (values.confirm_password !== values.new_password) {
      context.addIssue({ code: 'custom', path: ['confirm_password'], message: 'The passwords do not match' });
    }
  });

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

type PasswordFormProps = {
  /** What the current password is called: "Temporary password" at first sign-in. */
  currentLabel?: string;
  submitLabel?: string;
  onChanged: () => void;
};

export function PasswordForm({
  currentLabel = 'Current password',
  submitLabel = 'Change password',
  onChanged,
}: PasswordFormProps) {
  const change = useChangePassword();
  const form = useForm({
    resolver: formResolver(passwordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      onChanged();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'current_password');
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField
          control={form.control}
          name="current_password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{currentLabel}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="new_password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>New password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>
                At least {NEW_PASSWORD_MIN_LENGTH} characters, not a common password or your email. A passphrase is
                easiest to remember.
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirm_password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Confirm new password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
            {change.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <KeyRoundIcon aria-hidden="true" />
            )}
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
