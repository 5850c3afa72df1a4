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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const SIGNED_OUT_USER: CurrentUser = {
  id: '',
  name: '',
  email: '',
  phone_number: null,
  role: 'UNMAPPED',
  must_change_password: false,
};

export const loginResponseSchema = z.object({
  data: z.object({ token: z.string(), user: currentUserSchema, expires_at: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResponseSchema = z.object({ data: z.object({ user: currentUserSchema }) });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
