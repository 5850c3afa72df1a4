import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';

/** How long an e-mailed invitation's link works (decision 089). */
export const INVITATION_VALID_HOURS = 72;

/** The page an invitation links to, with its token in `token`. */
export const SET_PASSWORD_PATH = '/set-password';

/** The token of an invitation's link: 32 random bytes, base64url. */
const invitationTokenSchema = z.string().min(16, 'This link is not complete').max(256, 'This link is not valid');

/** POST /api/auth/invitation: what the set-password page asks before showing its form. */
export const invitationLookupSchema = z.object({ token: invitationTokenSchema }).strict();

/**
 * What a link is now: VALID (its form may be filled in), USED (a password was chosen with it or
 * since), EXPIRED, REPLACED (a newer invitation or a password reset came after) or INVALID
 * (no such link, or the account is deactivated).
 */
export const INVITATION_STATES = ['VALID', 'USED', 'EXPIRED', 'REPLACED', 'INVALID'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Why a link no longer works, and what to do: the 410's message and the set-password page's text. */
export const INVITATION_GONE_MESSAGES: Record<Exclude<InvitationState, 'VALID'>, string> = {
  USED: 'A password has already been chosen for this account. Sign in with it.',
  EXPIRED: 'This invitation link has expired. Ask whoever invited you to send a new one.',
  REPLACED: 'A newer invitation replaced this link. Use the link in the latest e-mail, or ask for a new one.',
  INVALID: 'This link is not valid. Ask whoever invited you to send a new one.',
};

/** The invited person's name and email are answered only while the link is VALID. */
export const invitationViewSchema = z.object({
  state: z.enum(INVITATION_STATES),
  name: z.string().nullable(),
  email: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/auth/set-password: the link's token and the password chosen with it. */
export const setPasswordSchema = z.object({ token: invitationTokenSchema, new_password: newPasswordSchema }).strict();
export type SetPassword = z.infer<typeof setPasswordSchema>;

/** The email to sign in with, once the password is set. */
export const passwordSetSchema = z.object({ email: z.string() });

/** An invitation that went out: to whom, and until when its link works. */
export const invitationSentSchema = z.object({ sent_to: z.string(), expires_at: z.string() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;
