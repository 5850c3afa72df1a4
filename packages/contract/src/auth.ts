import { z } from 'zod';
import { LOGIN_FORM_MESSAGES, loginFormErrors } from './auth-rules.ts';
import { roleSchema } from './roles.ts';

/** The login form's rules and messages (spec §5), as a schema: the zod-free rule of `auth-rules.ts`. */
export const loginFormSchema = z
  .object({ email: z.string().trim(), password: z.string() })
  .superRefine((form, context) => {
    for (const [field, message] of Object.entries(loginFormErrors(form))) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });

/** What the API accepts at POST /api/auth/login. */
export const loginBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, LOGIN_FORM_MESSAGES.emailRequired)
      .max(254)
      .pipe(z.email(LOGIN_FORM_MESSAGES.emailInvalid)),
    password: z.string().min(1, LOGIN_FORM_MESSAGES.passwordRequired).max(1024),
    /**
     * The device token this browser was handed when it last signed this account in (decision 076):
     * its attempt is then judged by its own failures only. Anything else is ignored.
     */
    device_token: z.string().max(2048).optional(),
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

export const loginResponseSchema = z.object({
  data: z.object({
    token: z.string(),
    user: currentUserSchema,
    expires_at: z.string(),
    /** Kept by the browser and sent with its next sign-in of this account (decision 076). */
    device_token: z.string().optional(),
    /**
     * Signed in with a temporary password: lets this session choose a new one at
     * POST /api/auth/choose-password for a few minutes without typing it again (decision 089).
     */
    password_change_token: z.string().optional(),
  }),
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

/**
 * The first sign-in's one step (decision 089): the session that signed in with a temporary password
 * chooses its own with the login's `password_change_token` instead of the temporary password.
 */
export const passwordChooseSchema = z
  .object({
    password_change_token: z.string().min(1).max(2048),
    new_password: newPasswordSchema,
  })
  .strict();
export type PasswordChoose = z.infer<typeof passwordChooseSchema>;
