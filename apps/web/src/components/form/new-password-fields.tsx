import { NEW_PASSWORD_MIN_LENGTH, newPasswordSchema } from '@adloop/contract/auth';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '@/components/form/password-field';

export type NewPasswordValues = { new_password: string; confirm_password: string };

/** Checks a new password typed twice: the contract's rule, then that both match. */
export function checkNewPassword(values: NewPasswordValues, context: z.RefinementCtx) {
  const rule = newPasswordSchema.safeParse(values.new_password);
  for (const issue of rule.success ? [] : rule.error.issues) {
    context.addIssue({ code: 'custom', path: ['new_password'], message: issue.message });
  }
  if (values.confirm_password !== values.new_password) {
    context.addIssue({ code: 'custom', path: ['confirm_password'], message: 'The passwords do not match' });
  }
}

/** A form of just a new password typed twice. */
export const newPasswordFormSchema = z
  .object({ new_password: z.string(), confirm_password: z.string() })
  .superRefine(checkNewPassword);

/** The new password and its confirmation, as every password form asks them. */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <PasswordField
        control={control}
        name={'new_password' as FieldPath<T>}
        label="New password"
        description={`At least ${NEW_PASSWORD_MIN_LENGTH} characters, not a common password or your email. A passphrase is easiest to remember.`}
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name={'confirm_password' as FieldPath<T>}
        label="Confirm new password"
        autoComplete="new-password"
      />
    </>
  );
}
