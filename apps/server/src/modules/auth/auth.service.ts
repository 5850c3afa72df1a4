import type { CurrentUser } from '@adloop/contract/auth';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@adloop/contract/constants';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffSessions, users } from '../../db/schema.ts';
import type { ServiceContext, StaffPrincipal } from '../../lib/context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { beginSignIn, type SignInPolicies } from '../../lib/sign-in-throttle.ts';
import { toCurrentUser, userMemberships } from './current-user.ts';
import { issueDeviceToken, trustedDeviceOf } from './device-tokens.ts';
import { integrationSessionToken, loadIntegrationPrincipal } from './integration-token-auth.ts';
import { verifySecret } from './passwords.ts';
import { signToken, verifyToken } from './tokens.ts';

export const STAFF_SESSION_HOURS = 12;
/** How long after signing in with a temporary password the session may replace it without typing it again. */
export const PASSWORD_CHANGE_MINUTES = 15;

export { toCurrentUser };

/**
 * Decision 040: an account from one network gets 10 free failures, then waits from a minute
 * doubling to 15; from every network that has not signed it in, 20, then the same waits; counts
 * start again after a quiet day. Guessing from many networks slows down (at most about 100 a day)
 * without locking the owner, who signs in from a known network. Decision 076: a browser holding a
 * device token of the account skips those gates and has 5 free failures of its own.
 */
export const STAFF_SIGN_IN_POLICIES: SignInPolicies = {
  network: {
    free: LOGIN_MAX_FAILURES_PER_ACCOUNT,
    baseSeconds: 60,
    capSeconds: LOGIN_FAILURE_WINDOW_MINUTES * 60,
    decaySeconds: 86_400,
    message: 'Too many failed sign-in attempts.',
  },
  subject: {
    free: 2 * LOGIN_MAX_FAILURES_PER_ACCOUNT,
    baseSeconds: 60,
    capSeconds: LOGIN_FAILURE_WINDOW_MINUTES * 60,
    decaySeconds: 86_400,
    message: 'Too many failed sign-in attempts.',
  },
  device: {
    free: 5,
    baseSeconds: 60,
    capSeconds: LOGIN_FAILURE_WINDOW_MINUTES * 60,
    decaySeconds: 86_400,
    message: 'Too many failed sign-in attempts on this device.',
  },
};

export interface LoginResult {
  token: string;
  user: CurrentUser;
  expiresAt: Date;
  /** Marks this browser as one that signed the account in (decision 076). */
  deviceToken: string;
  /** Signed in with a temporary password: this session's proof for choosing its own (decision 089). */
  passwordChangeToken?: string;
}

/** Signs a staff user in. Wrong email and wrong password answer alike (docs/design.md §4a). */
export async function login(
  db: Database,
  secret: Uint8Array,
  input: { email: string; password: string; deviceToken?: string; ip: string; userAgent: string | undefined },
): Promise<LoginResult> {
  const key = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${key}`);
  const device = user ? { id: user.id, secretHash: user.passwordHash } : undefined;
  const deviceId = await trustedDeviceOf(secret, 'staff', input.deviceToken, device);
  const attempt = await beginSignIn(db, 'staff', key, input.ip, STAFF_SIGN_IN_POLICIES, deviceId);

  const passwordOk = await verifySecret(user?.passwordHash, input.password);
  if (!user || !device || !passwordOk || !user.isActive) {
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
  }

  await attempt.succeeded();
  const expiresAt = new Date(Date.now() + STAFF_SESSION_HOURS * 3600_000);
  const [session] = await db
    .insert(staffSessions)
    .values({ userId: user.id, expiresAt, ip: input.ip, userAgent: input.userAgent?.slice(0, 512) })
    .returning({ id: staffSessions.id });
  if (!session) throw new Error('session insert returned no row');
  const token = await signToken(secret, { sub: user.id, sid: session.id, aud: 'staff', expiresAt });
  const deviceToken = await issueDeviceToken(secret, 'staff', device, deviceId);
  const passwordChangeToken = user.mustChangePassword
    ? await signToken(secret, {
        sub: user.id,
        sid: session.id,
        aud: 'password-change',
        expiresAt: new Date(Date.now() + PASSWORD_CHANGE_MINUTES * 60_000),
      })
    : undefined;
  return { token, user: toCurrentUser(user), expiresAt, deviceToken, passwordChangeToken };
}

/** Resolves a bearer token to its live session and active user, or null. */
export async function authenticateStaff(
  db: Database,
  secret: Uint8Array,
  token: string,
): Promise<StaffPrincipal | null> {
  const claims = await verifyToken(secret, token, 'staff');
  return claims ? loadLiveSession(db, claims.sub, claims.sid) : null;
}

/**
 * The user of a session that is still live (not revoked, not expired, user active), with the
 * companies and outlets they belong to, in one query; or null.
 */
export async function loadLiveSession(db: Database, userId: string, sessionId: string): Promise<StaffPrincipal | null> {
  // An integration token's caller names the token where a session would be (an export link it made).
  const tokenId = integrationSessionToken(sessionId);
  if (tokenId !== null) return loadIntegrationPrincipal(db, tokenId, userId);
  const [row] = await db
    .select({
      user: users,
      ...userMemberships,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    );
  return row
    ? { user: toCurrentUser(row.user), sessionId, companyIds: row.companyIds, outletIds: row.outletIds }
    : null;
}

/** Ends the caller's session. */
export async function logout({ db, caller }: ServiceContext): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, caller.sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every live session of a user, except the one named (the caller's own, after a password change). */
export async function revokeSessions(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        exceptSessionId ? ne(staffSessions.id, exceptSessionId) : undefined,
      ),
    );
}
