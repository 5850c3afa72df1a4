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

/** Why a link no longer works, and what to do: the set-password page's heading and text. */
export const INVITATION_GONE: Record<Exclude<InvitationState, 'VALID'>, { why: string; advice: string }> = {
  USED: { why: 'A password has already been chosen for this account', advice: 'Sign in with it.' },
  EXPIRED: { why: 'This invitation link has expired', advice: 'Ask whoever invited you to send a new one.' },
  REPLACED: {
    why: 'A newer invitation replaced this link',
    advice: 'Use the link in the latest e-mail, or ask for a new one.',
  },
  INVALID: { why: 'This link is not valid', advice: 'Ask whoever invited you to send a new one.' },
};

/** The same as one sentence and its advice: the message of the 410 a link that no longer works is answered. */
export function invitationGoneMessage(state: Exclude<InvitationState, 'VALID'>): string {
  return `${INVITATION_GONE[state].why}. ${INVITATION_GONE[state].advice}`;
}

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
