import { passwordChangeSchema } from '@adloop/contract/users';
import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Form } from '@/components/ui/form';
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
        <PasswordField
          control={form.control}
          name="current_password"
          label={currentLabel}
          autoComplete="current-password"
        />
        <NewPasswordFields control={form.control} />
        <div>
          <SubmitButton pending={change.isPending} icon={KeyRoundIcon} className="w-full sm:w-auto">
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
