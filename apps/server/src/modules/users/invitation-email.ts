import { ROLE_LABELS } from '@adloop/contract/roles';
import type { User } from '@adloop/contract/users';

/** Where the invited user works, as their role reads it: "for Acme Foods", "at Cafe One and Cafe Two". */
function workplace(user: User): string {
  if (user.companies.length > 0) return ` for ${user.companies.map((company) => company.name).join(', ')}`;
  const outlets = user.outlets.map((outlet) => outlet.name);
  if (outlets.length === 0) return '';
  return ` at ${outlets.length === 1 ? outlets[0] : `${outlets.slice(0, -1).join(', ')} and ${outlets.at(-1)}`}`;
}

/** An instant as a person reads it anywhere: the date and time in UTC, named. */
function utc(instant: Date): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(
    instant,
  );
  return `${text} UTC`;
}

/**
 * The invitation e-mail (decision 089): who invited them to AdLoop in the subject; the role, the
 * one-time link and until when it works, and the email they will sign in with, in the text.
 */
export function invitationEmail(input: {
  user: User;
  inviterName: string;
  link: string;
  origin: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  const { user, inviterName, link, origin, expiresAt } = input;
  const lines = [
    `Hello ${user.name},`,
    '',
    `${inviterName} has given you an AdLoop account: ${ROLE_LABELS[user.role]}${workplace(user)}.`,
    '',
    'Choose your password here:',
    link,
    '',
    `The link works once, until ${utc(expiresAt)}. You then sign in at ${origin}/login with your email, ${user.email}, and the password you chose.`,
    '',
    'If you were not expecting this e-mail, you can ignore it; nothing happens until the link is used.',
  ];
  return { subject: `${inviterName} invited you to AdLoop`, text: `${lines.join('\n')}\n` };
}
