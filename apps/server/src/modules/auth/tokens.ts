import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'adloop';
const ALGORITHM = 'HS256';

/**
 * `export` tickets are short-lived download links for a staff user's CSV export; `*-device` tokens
 * mark a browser that signed a screen or account in before (decision 076) and open nothing themselves;
 * a `password-change` token lets the session that signed in with a temporary password choose its
 * own without typing it again (decision 089).
 */
export type Audience = 'staff' | 'screen' | 'export' | 'staff-device' | 'screen-device' | 'password-change';

export interface TokenClaims {
  sub: string;
  sid: string;
  aud: Audience;
  iat: number;
  /** Issue time in milliseconds, to compare with a subject's sessions-valid-after instant. */
  iatMs: number;
  exp: number;
  /** Extra string claims a token carries (an export ticket's filters). */
  data: Record<string, string>;
}

export async function signToken(
  secret: Uint8Array,
  claims: { sub: string; sid: string; aud: Audience; expiresAt: Date; data?: Record<string, string> },
): Promise<string> {
  return new SignJWT({ sid: claims.sid, iat_ms: Date.now(), ...(claims.data ? { dat: claims.data } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(claims.aud)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Verifies signature (HS256 only), issuer, audience and expiry; null for any bad token. */
export async function verifyToken(secret: Uint8Array, token: string, aud: Audience): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, audience: aud });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    const iatMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000;
    const data: Record<string, string> = {};
    if (payload.dat && typeof payload.dat === 'object') {
      for (const [key, value] of Object.entries(payload.dat)) if (typeof value === 'string') data[key] = value;
    }
    return { sub: payload.sub, sid: payload.sid, aud, iat: payload.iat, iatMs, exp: payload.exp, data };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
