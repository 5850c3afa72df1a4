import { KeyRoundIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { NewPasswordFields, newPasswordFormSchema } from '@/components/form/new-password-fields';
import { SubmitButton } from '@/components/form/submit-button';
import { Form } from '@/components/ui/form';
import { useChoosePassword } from '@/features/settings/api/choose-password';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { ApiError } from '@/lib/http';

type ChoosePasswordFormProps = {
  /** The sign-in's password_change_token. */
  token: string;
  /** The account's email, for the browser's password manager to file the new password under. */
  email: string;
  onChanged: () => void;
  /** The token has run out: the temporary password must be typed after all. */
  onTokenRefused: () => void;
};

const FIELDS = ['new_password', 'confirm_password'] as const;

/** The first sign-in's one step: a new password typed twice, without the temporary one (decision 089). */
export function ChoosePasswordForm({ token, email, onChanged, onTokenRefused }: ChoosePasswordFormProps) {
  const choose = useChoosePassword();
  const form = useForm({
    resolver: formResolver(newPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    try {
      await choose.mutateAsync({ password_change_token: token, new_password });
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) onTokenRefused();
      else applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields control={form.control} />
        <div>
          <SubmitButton pending={choose.isPending} icon={KeyRoundIcon} className="w-full sm:w-auto">
            Set password and continue
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
