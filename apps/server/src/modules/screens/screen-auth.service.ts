import { randomUUID } from 'node:crypto';
import type { ScreenSession, ScreenSignIn } from '@adloop/contract/screen';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, screens } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ScreenPrincipal } from '../../lib/screen-principal.ts';
import { beginSignIn, type SignInPolicies } from '../../lib/sign-in-throttle.ts';
import { issueDeviceToken, trustedDeviceOf } from '../auth/device-tokens.ts';
import { verifySecret } from '../auth/passwords.ts';
import { signToken, verifyToken } from '../auth/tokens.ts';

/** A screen token lives a week; every verify at start-up hands the player a fresh one. */
export const SCREEN_SESSION_DAYS = 7;

const INVALID = 'Invalid screen code or passcode';

/**
 * Decision 040: a code from one network gets 10 free guesses, then waits from a minute doubling to
 * an hour; from every network not known to it, 20 then up to 4 hours; one network across all codes,
 * 30 then up to 15 minutes. Worst case about 63 guesses a day against 10^6 passcodes. Decision 076:
 * a browser holding a device token of the screen skips those gates and has 5 free failures of its own.
 */
export const SCREEN_SIGN_IN_POLICIES: SignInPolicies = {
  network: {
    free: 10,
    baseSeconds: 60,
    capSeconds: 3600,
    decaySeconds: 86_400,
    message: 'Too many wrong passcodes for this screen code from your network.',
  },
  subject: {
    free: 20,
    baseSeconds: 60,
    capSeconds: 4 * 3600,
    decaySeconds: 86_400,
    message: 'Too many wrong passcodes for this screen code.',
  },
  everySubject: {
    free: 30,
    baseSeconds: 60,
    capSeconds: 900,
    decaySeconds: 3600,
    message: 'Too many failed screen sign-ins from this network.',
  },
  device: {
    free: 5,
    baseSeconds: 60,
    capSeconds: 3600,
    decaySeconds: 86_400,
    message: 'Too many wrong passcodes for this screen code on this device.',
  },
};

const screenWithOutlet = {
  screen: screens,
  outlet: { id: outlets.id, name: outlets.name, outletCode: outlets.outletCode, isActive: outlets.isActive },
};

export function normaliseScreenCode(code: string): string {
  return code.trim().toUpperCase();
}

async function issueSession(secret: Uint8Array, principal: ScreenPrincipal): Promise<ScreenSession> {
  const expiresAt = new Date(Date.now() + SCREEN_SESSION_DAYS * 86_400_000);
  const token = await signToken(secret, { sub: principal.screenId, sid: randomUUID(), aud: 'screen', expiresAt });
  return {
    access_token: token,
    screen_code: principal.screenCode,
    screen_id: principal.screenId,
    outlet: { id: principal.outletId, name: principal.outletName, outlet_code: principal.outletCode },
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Screen sign-in by code and passcode (docs/design.md §4a, decisions 040 and 076). Guesses are throttled per
 * code and network, so an attacker slows themself rather than locking the screen, and a browser that
 * signed the screen in before is judged by its own failures alone; a code no screen has is counted and
 * answered the same way. Signed-in screens renew through /verify, which nothing here touches.
 */
export async function authenticateScreen(
  db: Database,
  secret: Uint8Array,
  input: { screenCode: string; passcode: string; deviceToken?: string; ip: string },
): Promise<ScreenSignIn> {
  const code = normaliseScreenCode(input.screenCode);
  const [row] = await db
    .select(screenWithOutlet)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.screenCode, code));
  const device = row ? { id: row.screen.id, secretHash: row.screen.passcodeHash } : undefined;
  const deviceId = await trustedDeviceOf(secret, 'screen', input.deviceToken, device);
  const attempt = await beginSignIn(db, 'screen', code, input.ip, SCREEN_SIGN_IN_POLICIES, deviceId);

  if (!(await verifySecret(row?.screen.passcodeHash, input.passcode)) || !row || !device) {
    throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID);
  }
  await attempt.succeeded();
  assertScreenMayPlay(row);
  const session = await issueSession(secret, toPrincipal(row));
  return { ...session, device_token: await issueDeviceToken(secret, 'screen', device, deviceId) };
}

function assertScreenMayPlay(row: { screen: { status: string }; outlet: { isActive: boolean } }): void {
  if (row.screen.status !== 'ACTIVE') {
    throw new HttpError(403, 'FORBIDDEN', 'This screen has been disabled by its outlet admin');
  }
  if (!row.outlet.isActive) {
    throw new HttpError(403, 'FORBIDDEN', "This screen's outlet has been deactivated");
  }
}

/**
 * The session a display paired with this screen is handed (decision 088): the one a passcode
 * sign-in issues, refused the same way when the screen or its outlet may not play.
 */
export async function sessionForScreen(db: Database, secret: Uint8Array, screenId: string): Promise<ScreenSession> {
  const [row] = await db
    .select(screenWithOutlet)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.id, screenId));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'The screen this display was paired with no longer exists');
  assertScreenMayPlay(row);
  return issueSession(secret, toPrincipal(row));
}

function toPrincipal(row: {
  screen: typeof screens.$inferSelect;
  outlet: { id: string; name: string; outletCode: string };
}): ScreenPrincipal {
  return {
    screenId: row.screen.id,
    screenCode: row.screen.screenCode,
    outletId: row.outlet.id,
    outletName: row.outlet.name,
    outletCode: row.outlet.outletCode,
    tags: row.screen.tags,
  };
}

/** Resolves a screen token: valid signature and audience, an active screen of an active outlet, issued after its last reset. */
export async function authenticateScreenToken(
  db: Database,
  secret: Uint8Array,
  token: string,
): Promise<{ principal: ScreenPrincipal; expiresAtMs: number } | null> {
  const claims = await verifyToken(secret, token, 'screen');
  if (!claims) return null;
  const [row] = await db
    .select(screenWithOutlet)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.id, claims.sub));
  if (row?.screen.status !== 'ACTIVE' || !row.outlet.isActive) return null;
  if (claims.iatMs < row.screen.sessionsValidAfter.getTime()) return null;
  return { principal: toPrincipal(row), expiresAtMs: claims.exp * 1000 };
}

/** A fresh session for a screen whose token is still good (sliding renewal at each start). */
export function renewScreenSession(secret: Uint8Array, principal: ScreenPrincipal): Promise<ScreenSession> {
  return issueSession(secret, principal);
}
