import { createHmac, randomUUID } from 'node:crypto';
import type { SignInScope } from '../../lib/sign-in-throttle.ts';
import { signToken, verifyToken } from './tokens.ts';

/** A device token marks a browser for a year; every sign-in on it hands it a fresh one. */
export const DEVICE_TOKEN_DAYS = 365;

/** The screen or account a device token is bound to, as sign-in loads it. */
export interface DeviceSubject {
  id: string;
  /** The stored passcode or password hash: a new secret makes every earlier device token void. */
  secretHash: string;
}

/**
 * Binds a token to the secret it was earned with, without putting the hash in it: a keyed digest
 * of the stored hash, which changes whenever the passcode or password does.
 */
function secretMark(secret: Uint8Array, scope: SignInScope, secretHash: string): string {
  return createHmac('sha256', secret).update(`${scope}\n${secretHash}`).digest('base64url').slice(0, 22);
}

/**
 * The device id of a token this browser earned by signing this subject in with its current secret,
 * or null (no token, a forged or expired one, another subject's, or one from before a reset). It
 * grants nothing by itself: it only chooses the lane the attempt is judged in (decision 076).
 */
export async function trustedDeviceOf(
  secret: Uint8Array,
  scope: SignInScope,
  token: string | undefined,
  subject: DeviceSubject | undefined,
): Promise<string | null> {
  if (!token || !subject) return null;
  const claims = await verifyToken(secret, token, `${scope}-device`);
  if (claims?.sub !== subject.id) return null;
  return claims.data.mark === secretMark(secret, scope, subject.secretHash) ? claims.sid : null;
}

/** A device token for a browser that has just signed the subject in, keeping its device id if it had one. */
export function issueDeviceToken(
  secret: Uint8Array,
  scope: SignInScope,
  subject: DeviceSubject,
  deviceId: string | null,
): Promise<string> {
  return signToken(secret, {
    sub: subject.id,
    sid: deviceId ?? randomUUID(),
    aud: `${scope}-device`,
    expiresAt: new Date(Date.now() + DEVICE_TOKEN_DAYS * 86_400_000),
    data: { mark: secretMark(secret, scope, subject.secretHash) },
  });
}
