import type { InvitationSent } from '@adloop/contract/invitations';
import type { User } from '@adloop/contract/users';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, forbidden, HttpError } from '../../lib/http-error.ts';
import { clearSignInThrottles } from '../../lib/sign-in-throttle.ts';
import { revokeSessions } from '../auth/auth.service.ts';
import { generateTemporaryPassword, hashSecret } from '../auth/passwords.ts';
import { type InvitationSender, replacePendingInvitations, sendInvitation } from './invitations.ts';
import { currentMemberships } from './user-memberships.ts';
import { assertWhollyOwn, findVisibleUser, recordOf } from './users.service.ts';

/**
 * A manager resets a user's password (decision 008): a new temporary password, answered once;
 * every session of theirs ends, the sign-in lock on their email lifts, and they choose their own
 * password at the next sign-in. One's own password is changed in Settings instead.
 */
export async function resetUserPassword(
  ctx: ServiceContext,
  id: string,
): Promise<{ user: User; temporary_password: string }> {
  const { db, caller } = ctx;
  const target = await findVisibleUser(ctx, id);
  if (id === caller.userId) throw forbidden('Change your own password in Settings');
  if (!target.isActive) throw conflict(`${target.name} is deactivated; reactivate them first`);
  assertWhollyOwn(caller, await currentMemberships(db, id));
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashSecret(temporaryPassword);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    await revokeSessions(tx, id);
    await clearSignInThrottles(tx, 'staff', target.email.toLowerCase());
    await replacePendingInvitations(tx, id);
    return row!;
  });
  return { user: await recordOf(ctx, updated), temporary_password: temporaryPassword };
}

/**
 * A manager e-mails a user who has not chosen a password yet a new invitation link (decision
 * 089); the older link stops working once the new one is sent. Only on a server that sends e-mail.
 */
export async function resendInvitation(
  ctx: ServiceContext,
  id: string,
  invite: InvitationSender | undefined,
): Promise<{ user: User; invitation: InvitationSent }> {
  const { db, caller } = ctx;
  const target = await findVisibleUser(ctx, id);
  if (id === caller.userId) throw forbidden('Change your own password in Settings');
  if (!invite) {
    throw conflict(
      'This server sends no e-mail (SMTP_URL is not set); reset their password to give them a temporary one',
    );
  }
  if (!target.isActive) throw conflict(`${target.name} is deactivated; reactivate them first`);
  if (!target.mustChangePassword) throw conflict(`${target.name} has already chosen a password`);
  assertWhollyOwn(caller, await currentMemberships(db, id));
  try {
    const invitation = await sendInvitation(db, invite, await recordOf(ctx, target));
    return { user: await recordOf(ctx, target), invitation };
  } catch (error) {
    invite.logFailure(error);
    throw new HttpError(
      502,
      'EMAIL_NOT_SENT',
      'The invitation e-mail could not be sent; try again later, or reset their password to give them a temporary one',
    );
  }
}
