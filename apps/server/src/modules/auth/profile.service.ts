import type { CurrentUser } from '@adloop/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { conflict, fieldError, HttpError, notFound } from '../../lib/http-error.ts';
import { revokeSessions, toCurrentUser } from './auth.service.ts';
import { assertNewPassword } from './password-policy.ts';
import { hashSecret, verifySecret } from './passwords.ts';
import { verifyToken } from './tokens.ts';

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
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!(await verifySecret(user?.passwordHash, input.current_password))) {
    throw fieldError('current_password', 'Current password is incorrect');
  }
  assertNewPassword(input.new_password, user?.email ?? '');
  await replacePassword(db, caller, input.new_password);
}

/**
 * The first sign-in's one step (decision 089): the session that signed in with a temporary
 * password minutes ago proves it with the login's token instead of typing that password again.
 * A token of another session or user, or one that has run out, is a 410: the page then asks for
 * the temporary password after all.
 */
export async function choosePassword(
  { db, caller }: ServiceContext,
  secret: Uint8Array,
  input: { password_change_token: string; new_password: string },
): Promise<void> {
  const claims = await verifyToken(secret, input.password_change_token, 'password-change');
  if (!claims || claims.sub !== caller.userId || claims.sid !== caller.sessionId) {
    throw new HttpError(410, 'GONE', 'This step has timed out; type your temporary password to choose a new one');
  }
  if (!caller.user.must_change_password) throw conflict('You have already chosen your password');
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
  assertNewPassword(input.new_password, user?.email ?? '');
  if (await verifySecret(user?.passwordHash, input.new_password)) {
    throw fieldError('new_password', 'New password must differ from the temporary one');
  }
  await replacePassword(db, caller, input.new_password);
}

/** Sets the caller's own password and ends their other sessions; this one stays. */
async function replacePassword(db: Database, caller: Caller, newPassword: string): Promise<void> {
  const passwordHash = await hashSecret(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, caller.userId));
    await revokeSessions(tx, caller.userId, caller.sessionId);
  });
}
