import { randomUUID } from 'node:crypto';
import { SCREEN_MAX_CONSECUTIVE_FAILURES } from '@adloop/contract/constants';
import type { ScreenSession } from '@adloop/contract/screen';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures, outlets, screens } from '../../db/schema.ts';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import { verifySecret } from '../auth/passwords.ts';
import { signToken, verifyToken } from '../auth/tokens.ts';

/** A screen token lives a week; every verify at start-up hands the player a fresh one. */
export const SCREEN_SESSION_DAYS = 7;

const INVALID = 'Invalid screen code or passcode';
const LOCKED =
  'This screen code is locked after too many failed attempts. Ask your outlet admin to reset its passcode.';

export interface ScreenPrincipal {
  screenId: string;
  screenCode: string;
  outletId: string;
  outletName: string;
  outletCode: string;
  tags: string[];
}

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

/** Failures against a code no screen has are counted too, so a lock says nothing about existence. */
async function failUnknownCode(db: Database, code: string): Promise<never> {
  const key = `screen:${code}`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({ target: loginFailures.key, set: { failures: sql`${loginFailures.failures} + 1` } })
    .returning({ failures: loginFailures.failures });
  if (row && row.failures > SCREEN_MAX_CONSECUTIVE_FAILURES) throw tooManyRequests(LOCKED, 3600);
  throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID);
}

/** Screen sign-in by code and passcode (DESIGN §4a): 10 consecutive failures lock the code until a reset. */
export async function authenticateScreen(
  db: Database,
  secret: Uint8Array,
  input: { screenCode: string; passcode: string },
): Promise<ScreenSession> {
  const code = normaliseScreenCode(input.screenCode);
  const [row] = await db
    .select(screenWithOutlet)
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .where(eq(screens.screenCode, code));

  if (!row) {
    await verifySecret(null, input.passcode);
    return failUnknownCode(db, code);
  }
  if (row.screen.lockedAt) {
    await verifySecret(null, input.passcode);
    throw tooManyRequests(LOCKED, 3600);
  }

  if (!(await verifySecret(row.screen.passcodeHash, input.passcode))) {
    await db
      .update(screens)
      .set({
        failedAttempts: sql`${screens.failedAttempts} + 1`,
        lockedAt: sql`case when ${screens.failedAttempts} + 1 >= ${SCREEN_MAX_CONSECUTIVE_FAILURES} then now() else null end`,
      })
      .where(eq(screens.id, row.screen.id));
    throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID);
  }
  if (row.screen.status !== 'ACTIVE') {
    throw new HttpError(403, 'FORBIDDEN', 'This screen has been disabled by its outlet admin');
  }
  if (!row.outlet.isActive) {
    throw new HttpError(403, 'FORBIDDEN', "This screen's outlet has been deactivated");
  }
  if (row.screen.failedAttempts > 0) {
    await db.update(screens).set({ failedAttempts: 0 }).where(eq(screens.id, row.screen.id));
  }
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
