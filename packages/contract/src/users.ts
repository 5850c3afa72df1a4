import { z } from 'zod';
import { newPasswordSchema, signInAlertSchema } from './auth.ts';
import { listQueryBase, phoneSchema } from './common.ts';
import { roleSchema } from './roles.ts';

/** A staff user as the onboarding pages see it, base path /api/users. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  is_active: z.boolean(),
  must_change_password: z.boolean(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  outlets: z.array(z.object({ id: z.string(), name: z.string(), outlet_code: z.string() })),
  /** Wrong passwords for this account from many networks (decision 040); null when quiet. */
  sign_in_alert: signInAlertSchema.nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Onboarding a user: company roles name one company, outlet roles one or more outlets. The
 * answer carries a temporary password, shown once; the user must change it at first sign-in.
 */
export const userCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120),
    email: z.email('Invalid email address').max(254),
    phone_number: phoneSchema.nullable().optional(),
    role: roleSchema.exclude(['UNMAPPED']),
    company_id: z.uuid('Choose a company').optional(),
    outlet_ids: z.array(z.uuid()).max(100).optional(),
  })
  .strict();
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
    phone_number: phoneSchema.nullable().optional(),
    role: roleSchema.exclude(['UNMAPPED']).optional(),
    is_active: z.boolean().optional(),
    company_id: z.uuid('Choose a company').optional(),
    outlet_ids: z.array(z.uuid()).max(100).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userCreatedSchema = z.object({ user: userSchema, temporary_password: z.string() });

export const userListQuerySchema = z
  .object({
    ...listQueryBase,
    role: roleSchema.optional(),
    company_id: z.uuid().optional(),
    outlet_id: z.uuid().optional(),
    is_active: z.enum(['true', 'false']).optional(),
  })
  .strict();

/** Settings: own profile and password (every role). */
export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
    phone_number: phoneSchema.nullable().optional(),
    alert_emails: z.boolean().optional(),
  })
  .strict();

export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1, 'Current password is required').max(1024),
    new_password: newPasswordSchema,
  })
  .strict()
  .refine((value) => value.current_password !== value.new_password, {
    message: 'New password must differ from the current one',
    path: ['new_password'],
  });
