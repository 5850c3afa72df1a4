import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { roleSchema } from './roles.ts';

/** The login form's rules and messages (spec §5). */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Invalid email address')),
  password: z
    .string()
    .min(1, 'Password is required')
    .pipe(z.string().min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** What the API accepts at POST /api/auth/login. */
export const loginBodySchema = z
  .object({
    email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Invalid email address')),
    password: z.string().min(1, 'Password is required').max(1024),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The signed-in staff user (spec §3 Current user). */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  must_change_password: z.boolean(),
  /** Whether offline alerts of the user's screens reach them by e-mail (decision 052). */
  alert_emails: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const SIGNED_OUT_USER: CurrentUser = {
  id: '',
  name: '',
  email: '',
  phone_number: null,
  role: 'UNMAPPED',
  must_change_password: false,
  alert_emails: false,
};

export const loginResponseSchema = z.object({
  data: z.object({ token: z.string(), user: currentUserSchema, expires_at: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResponseSchema = z.object({ data: z.object({ user: currentUserSchema }) });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/**
 * A screen code or staff account under attack (decision 040): wrong guesses from every network in
 * the last day, shown to its admins once they reach 10; null otherwise.
 */
export const signInAlertSchema = z.object({
  failed_attempts: z.number().int(),
  networks: z.number().int(),
  last_failed_at: z.string(),
  /** New networks wait until then before they may try again; null when they may try now. */
  slowed_until: z.string().nullable(),
});
export type SignInAlert = z.infer<typeof signInAlertSchema>;

/** NIST 800-63B: at least 8 characters for a new password; sign-in still takes the old minimum of 6. */
export const NEW_PASSWORD_MIN_LENGTH = 8;

/** A new staff password; the server also refuses common ones and the account's own email. */
export const newPasswordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN_LENGTH, `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(1024, 'Password must be at most 1024 characters');
