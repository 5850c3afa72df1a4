import {
  type LoginForm,
  type LoginFormErrors,
  loginEmailError,
  loginFormErrors,
  loginPasswordError,
} from '@adloop/contract/auth-rules';
import { type ChangeEvent, type FormEvent, useState } from 'react';

type LoginField = keyof LoginForm;

const FIELDS: readonly LoginField[] = ['email', 'password'];
const FIELD_RULES: Record<LoginField, (value: string) => string | undefined> = {
  email: loginEmailError,
  password: loginPasswordError,
};

/**
 * The sign-in form's state without a form library, so /login loads neither one nor zod (decision
 * 055). It behaves as the dashboard's forms do: every field is checked on submit, the first wrong
 * one takes the focus, and from then on a field is checked again as it changes.
 */
export function useLoginForm(onValid: (form: LoginForm) => void) {
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    const found = loginFormErrors(form);
    setSubmitted(true);
    setErrors(found);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      const input = event.currentTarget.elements.namedItem(firstWrong);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    onValid({ email: form.email.trim(), password: form.password });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted) return;
    const { name, value } = event.currentTarget;
    const field = FIELDS.find((candidate) => candidate === name);
    if (field) setErrors((current) => ({ ...current, [field]: FIELD_RULES[field](value) }));
  };

  /** The props that tie an input to its rule and its message (`<name>-error`). */
  const fieldProps = (field: LoginField) => ({
    name: field,
    onChange,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${field}-error` : undefined,
  });

  return { errors, fieldProps, onSubmit };
}
