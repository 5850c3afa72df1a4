import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_VALID_HOURS,
  type InvitationSent,
  type InvitationState,
  type InvitationView,
  invitationGoneMessage,
  SET_PASSWORD_PATH,
} from '@adloop/contract/invitations';
import type { User } from '@adloop/contract/users';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitations, users } from '../../db/schema.ts';
import type { Transaction } from '../../lib/context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { clearSignInThrottles } from '../../lib/sign-in-throttle.ts';
import { revokeSessions } from '../auth/auth.service.ts';
import { assertNewPassword } from '../auth/password-policy.ts';
import { hashSecret } from '../auth/passwords.ts';
import { invitationEmail } from './invitation-email.ts';

/** The server's e-mail and public address, when it has them (`SMTP_URL`, `PUBLIC_URL`). */
export interface InvitationSettings {
  /** Without one, onboarding answers a temporary password as before (decision 089). */
  mailer?: Mailer;
  /** The origin links point at; the request's own unless given. */
  publicUrl?: string;
}

/** What one request needs to e-mail an invitation: the mailer, the origin its link points at, and the inviter. */
export interface InvitationSender {
  mailer: Mailer;
  origin: string;
  inviter: { id: string; name: string };
  /** Where the mail server's refusal is logged; the person is told in plain words. */
  logFailure(error: unknown): void;
}

/** Only a token's SHA-256 is stored: the database alone never opens an account. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const pending = and(isNull(invitations.usedAt), isNull(invitations.replacedAt));

/** Links not used yet of these users stop working: a newer invitation or a password reset replaced them. */
export async function replacePendingInvitations(tx: Database | Transaction, userId: string, exceptId?: string) {
  await tx
    .update(invitations)
    .set({ replacedAt: sql`now()` })
    .where(and(eq(invitations.userId, userId), pending, exceptId ? ne(invitations.id, exceptId) : undefined));
}

/**
 * Issues a link for the user and e-mails it. Only once the mail server has taken the e-mail do
 * older links stop working; if it refuses, the new link is dropped and the error passed on.
 */
export async function sendInvitation(db: Database, sender: InvitationSender, user: User): Promise<InvitationSent> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_VALID_HOURS * 3600_000);
  const [row] = await db
    .insert(invitations)
    .values({ userId: user.id, tokenHash: hashOf(token), invitedBy: sender.inviter.id, expiresAt })
    .returning({ id: invitations.id });
  const link = `${sender.origin}${SET_PASSWORD_PATH}?token=${token}`;
  try {
    await sender.mailer.send({
      to: user.email,
      ...invitationEmail({ user, inviterName: sender.inviter.name, link, origin: sender.origin, expiresAt }),
    });
  } catch (error) {
    await db.delete(invitations).where(eq(invitations.id, row!.id));
    throw error;
  }
  await replacePendingInvitations(db, user.id, row!.id);
  return { sent_to: user.email, expires_at: expiresAt.toISOString() };
}

/** Until when each user's pending link works, for the users named; users without one are left out. */
export async function pendingInvitations(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: invitations.userId,
      expiresAt: sql<Date>`max(${invitations.expiresAt})`.mapWith(invitations.expiresAt),
    })
    .from(invitations)
    .where(and(inArray(invitations.userId, userIds), pending))
    .groupBy(invitations.userId);
  return new Map(rows.map((row) => [row.userId, row.expiresAt.toISOString()]));
}

async function invitationOf(db: Database, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
      replacedAt: invitations.replacedAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        isActive: users.isActive,
        mustChangePassword: users.mustChangePassword,
      },
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, hashOf(token)));
  return row;
}

type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationOf>>>;

/** A link is spent once a password is chosen with it or any other way since it was sent. */
function stateOf(row: InvitationRow | undefined, now: Date): InvitationState {
  if (!row?.user.isActive) return 'INVALID';
  if (row.usedAt || !row.user.mustChangePassword) return 'USED';
  if (row.replacedAt) return 'REPLACED';
  return row.expiresAt <= now ? 'EXPIRED' : 'VALID';
}

/** A 410 saying why the link no longer works, and what to do, unless it works. */
function assertWorks(row: InvitationRow | undefined): asserts row is InvitationRow {
  const state = stateOf(row, new Date());
  if (state !== 'VALID') throw gone(state);
}

const gone = (state: Exclude<InvitationState, 'VALID'>) => new HttpError(410, 'GONE', invitationGoneMessage(state));

/** What a link is now; whom it is for only while it works. */
export async function readInvitation(db: Database, token: string): Promise<InvitationView> {
  const row = await invitationOf(db, token);
  const state = stateOf(row, new Date());
  return state === 'VALID' && row
    ? { state, name: row.user.name, email: row.user.email, expires_at: row.expiresAt.toISOString() }
    : { state, name: null, email: null, expires_at: null };
}

/**
 * Sets the invited user's password through their link, once: the link is marked used in the
 * same statement that checks it is still good, so of two requests racing with it one wins. Their
 * sessions end (a temporary password's included) and their email's sign-in throttles lift.
 */
export async function setPasswordWithInvitation(
  db: Database,
  input: { token: string; new_password: string },
): Promise<{ email: string }> {
  const row = await invitationOf(db, input.token);
  assertWorks(row);
  assertNewPassword(input.new_password, row.user.email);
  const passwordHash = await hashSecret(input.new_password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(invitations.id, row.id), pending, gt(invitations.expiresAt, sql`now()`)))
      .returning({ id: invitations.id });
    const [user] = used
      ? await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
          .where(and(eq(users.id, row.user.id), eq(users.isActive, true), eq(users.mustChangePassword, true)))
          .returning({ id: users.id })
      : [];
    if (!user) throw gone('USED');
    await revokeSessions(tx, row.user.id);
    await clearSignInThrottles(tx, 'staff', row.user.email.toLowerCase());
  });
  return { email: row.user.email };
}
