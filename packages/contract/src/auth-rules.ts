import type { CurrentUser } from './auth.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * What the sign-in page needs before any answer arrives, without zod (decision 055): the form's
 * rules and messages (spec §5) and the user of a signed-out session. `auth.ts` builds its zod
 * schemas from these, so there is one rule and one wording.
 */

export type LoginForm = { email: string; password: string };
export type LoginFormErrors = Partial<Record<keyof LoginForm, string>>;

export const LOGIN_FORM_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
} as const;

/** zod's own email pattern (`z.email()`), which the API checks the login body with. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The first thing wrong with an email as typed (it is trimmed first), or undefined. */
export function loginEmailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return LOGIN_FORM_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? undefined : LOGIN_FORM_MESSAGES.emailInvalid;
}

/** The first thing wrong with a password as typed (never trimmed), or undefined. */
export function loginPasswordError(password: string): string | undefined {
  if (password === '') return LOGIN_FORM_MESSAGES.passwordRequired;
  return password.length < PASSWORD_MIN_LENGTH ? LOGIN_FORM_MESSAGES.passwordTooShort : undefined;
}

/** One message per field that is wrong; an empty object when the form may be sent. */
export function loginFormErrors(form: LoginForm): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const email = loginEmailError(form.email);
  const password = loginPasswordError(form.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

export const SIGNED_OUT_USER: CurrentUser = {
  id: '',
  name: '',
  email: '',
  phone_number: null,
  role: 'UNMAPPED',
  must_change_password: false,
  alert_emails: false,
};
