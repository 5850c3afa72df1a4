import type { CurrentUser } from '@adloop/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { fieldError, notFound } from '../../lib/http-error.ts';
import { revokeSessions, toCurrentUser } from './auth.service.ts';
import { assertNewPassword } from './password-policy.ts';
import { hashSecret, verifySecret } from './passwords.ts';

/** A signed-in user edits their own name, phone number and alert e-mails (every role, UNMAPPED too). */
export async function updateProfile(
  { db, caller }: ServiceContext,
  change: { name?: string; phone_number?: string | null; alert_emails?: boolean },
): Promise<CurrentUser> {
  const [row] = await db
    .update(users)
    .set({
      name: change.name,
      phoneNumber: change.phone_number,
      alertEmails: change.alert_emails,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, caller.userId))
    .returning();
  if (!row) throw notFound('User');
  return toCurrentUser(row);
}

/**
 * Changes the caller's password after checking the current one. A temporary password is
 * thereby replaced, and every other session of theirs ends (a stolen one included).
 */
export async function changePassword(
  { db, caller }: ServiceContext,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const { userId, sessionId } = caller;
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!(await verifySecret(user?.passwordHash, input.current_password))) {
    throw fieldError('current_password', 'Current password is incorrect');
  }
  assertNewPassword(input.new_password, user?.email ?? '');
  const passwordHash = await hashSecret(input.new_password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeSessions(tx, userId, sessionId);
  });
}
