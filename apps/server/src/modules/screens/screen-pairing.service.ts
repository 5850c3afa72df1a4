import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode } from '@adloop/contract/errors';
import {
  normalisePairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_SECONDS,
  PAIRING_POLL_SECONDS,
} from '@adloop/contract/pairing-code';
import type { PairingStatus, ScreenPairing } from '@adloop/contract/screen-pairing';
import type { Screen } from '@adloop/contract/screens';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, screenPairings } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { beginGuess, type ThrottlePolicy } from '../../lib/sign-in-throttle.ts';
import { sessionForScreen } from './screen-auth.service.ts';
import { getScreen } from './screens.service.ts';

/**
 * Wrong pairing codes one network may try: 20, then a minute's wait; a minute without one starts
 * the count again (decision 088). Right codes are not counted.
 */
export const PAIRING_GUESS_POLICY: ThrottlePolicy = {
  free: 20,
  baseSeconds: 60,
  capSeconds: 60,
  decaySeconds: 60,
  message: 'Too many wrong pairing codes from your network.',
};

const t = screenPairings;
const ttl = sql`make_interval(secs => ${PAIRING_CODE_TTL_SECONDS})`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 32 characters, so each random byte picks one without bias. */
function newCode(): string {
  return Array.from(randomBytes(PAIRING_CODE_LENGTH), (byte) => PAIRING_CODE_ALPHABET[byte % 32]).join('');
}

/** A refusal the dashboard shows under the code's field. */
function codeRefused(status: number, code: ErrorCode, message: string): HttpError {
  return new HttpError(status, code, message, [{ path: 'code', message }]);
}

const unknownCode = (code: string) =>
  codeRefused(404, 'NOT_FOUND', `No screen is showing pairing code ${code}. Check the code on the screen.`);
const expiredCode = (code: string) =>
  codeRefused(410, 'GONE', `Pairing code ${code} has expired. The screen now shows a new code: enter that one.`);
const usedCode = (code: string) =>
  codeRefused(409, 'CONFLICT', `Pairing code ${code} has already been used to pair a screen.`);

/** A new code for a display that has no session, valid for PAIRING_CODE_TTL_SECONDS. */
export async function createPairing(db: Database): Promise<ScreenPairing> {
  await db.delete(t).where(sql`${t.expiresAt} < now() - interval '1 day'`);
  // 2^30 codes: a clash with one kept from the last day is rare, and two in a row rarer still.
  for (let attempt = 1; ; attempt += 1) {
    const code = newCode();
    const secret = randomBytes(32).toString('base64url');
    try {
      const [row] = await db
        .insert(t)
        .values({ codeHash: sha256(code), secretHash: sha256(secret), expiresAt: sql`now() + ${ttl}` })
        .returning({ expiresAt: t.expiresAt });
      return {
        code,
        pairing_secret: secret,
        expires_at: row!.expiresAt.toISOString(),
        poll_seconds: PAIRING_POLL_SECONDS,
      };
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'screen_pairings_code_uq')) throw error;
    }
  }
}

/**
 * A waiting display asks with its secret: still waiting, or its session once staff claimed its
 * code. The session is handed once; an expired, spent or unknown pairing answers 4xx, and the
 * display asks for a new code.
 */
export async function pairingStatus(db: Database, jwtSecret: Uint8Array, secret: string): Promise<PairingStatus> {
  const [row] = await db
    .select({
      id: t.id,
      screenId: t.screenId,
      expiresAt: t.expiresAt,
      spent: sql<boolean>`${t.deliveredAt} is not null`,
      expired: sql<boolean>`case when ${t.claimedAt} is null then ${t.expiresAt} <= now()
        else ${t.claimedAt} <= now() - ${ttl} end`,
    })
    .from(t)
    .where(eq(t.secretHash, sha256(secret)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'This pairing is not known to the server; ask for a new code');
  if (row.spent) throw new HttpError(409, 'CONFLICT', 'This pairing has already handed its screen a session');
  if (row.expired) throw new HttpError(410, 'GONE', 'This pairing code has expired; ask for a new one');
  if (!row.screenId) return { status: 'WAITING', expires_at: row.expiresAt.toISOString() };

  const [spent] = await db
    .update(t)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(t.id, row.id), isNull(t.deliveredAt)))
    .returning({ id: t.id });
  if (!spent) throw new HttpError(409, 'CONFLICT', 'This pairing has already handed its screen a session');
  return { status: 'PAIRED', session: await sessionForScreen(db, jwtSecret, row.screenId) };
}

/** Why a code could not be claimed: unknown, already claimed, or expired. */
async function refusalOf(db: Database, code: string): Promise<HttpError> {
  const [row] = await db
    .select({ claimed: sql<boolean>`${t.screenId} is not null` })
    .from(t)
    .where(eq(t.codeHash, sha256(code)));
  if (!row) return unknownCode(code);
  return row.claimed ? usedCode(code) : expiredCode(code);
}

/**
 * Staff attach the display showing `typedCode` to a screen they may edit (decision 088). Each
 * wrong code counts against the caller's network (PAIRING_GUESS_POLICY); a screen that may not
 * play is refused before any code is tried. The display gets its session on its next ask.
 */
export async function claimPairing(
  ctx: ServiceContext,
  screenId: string,
  typedCode: string,
  ip: string,
): Promise<Screen> {
  const { db, caller } = ctx;
  const screen = await getScreen(ctx, screenId);
  if (screen.status !== 'ACTIVE') {
    throw conflict(`Screen ${screen.screen_code} is disabled; enable it before pairing a display with it`);
  }
  const [outlet] = await db
    .select({ isActive: outlets.isActive })
    .from(outlets)
    .where(eq(outlets.id, screen.outlet.id));
  if (!outlet?.isActive) throw conflict(`The outlet of screen ${screen.screen_code} is deactivated`);

  const code = normalisePairingCode(typedCode);
  const guess = await beginGuess(db, 'pairing-claim', ip, PAIRING_GUESS_POLICY);
  const [claimed] = await db
    .update(t)
    .set({ screenId, claimedBy: caller.userId, claimedAt: sql`now()` })
    .where(and(eq(t.codeHash, sha256(code)), isNull(t.screenId), sql`${t.expiresAt} > now()`))
    .returning({ id: t.id });
  if (!claimed) throw await refusalOf(db, code);
  await guess.right();
  return screen;
}
