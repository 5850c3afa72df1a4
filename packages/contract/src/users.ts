import { z } from 'zod';
import { newPasswordSchema, signInAlertSchema } from './auth.ts';
import { listQueryBase, phoneSchema } from './common.ts';
import { invitationSentSchema } from './invitations.ts';
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
  /** Until when the e-mailed invitation's link works (past: expired); null when no link is pending (decision 089). */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Onboarding a user: company roles name one company, outlet roles one or more outlets. The
 * answer carries a temporary password, shown once, which the user changes at first sign-in; or,
 * on a server that sends e-mail, says an invitation went out instead (decision 089).
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

export const userCreatedSchema = z.object({
  user: userSchema,
  /** Shown once; null when an invitation was e-mailed instead. */
  temporary_password: z.string().nullable(),
  /** The invitation e-mailed; null without e-mail, or when sending it failed. */
  invitation: invitationSentSchema.nullable(),
  /** Why the invitation could not be sent, when the temporary password stands in for it. */
  invitation_error: z.string().nullable(),
});
export type UserCreated = z.infer<typeof userCreatedSchema>;

/** A new invitation link e-mailed to a user who has not chosen a password yet. */
export const userInvitedSchema = z.object({ user: userSchema, invitation: invitationSentSchema });

/** A manager's password reset: always a temporary password, shown once. */
export const userPasswordResetSchema = z.object({ user: userSchema, temporary_password: z.string() });

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
