import { createHash, randomBytes } from 'node:crypto';
import { mayManageIntegrationTokens } from '@adloop/contract/integration-token-rules';
import {
  INTEGRATION_TOKEN_PATTERN,
  INTEGRATION_TOKEN_PREFIX,
  type IntegrationScope,
  integrationTokenRole,
} from '@adloop/contract/integration-tokens';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { integrationTokens, users } from '../../db/schema.ts';
import type { StaffPrincipal } from '../../lib/context.ts';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { toCurrentUser, userMemberships } from './current-user.ts';

/*
 * Integration tokens (decision 095) as credentials: the secret is `adl_` and 32 random bytes in
 * base64url; only its SHA-256 is stored, and a request's token is found by that hash. A token acts
 * with its creator's live role and tenancy, narrowed to its company, and only while its creator
 * could still create it.
 */

/** A new secret: shown once, never stored. */
export const newIntegrationSecret = (): string => `${INTEGRATION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashIntegrationSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether a bearer token is meant as an integration token (rather than a session's JWT). */
export const looksLikeIntegrationToken = (bearer: string): boolean => bearer.startsWith(INTEGRATION_TOKEN_PREFIX);

/** The non-secret form a list shows: `adl_…` and the last four characters. */
export const integrationHint = (lastFour: string): string => `${INTEGRATION_TOKEN_PREFIX}…${lastFour}`;

/**
 * A token's caller carries this where a session's id would be, so what a session signs for later
 * (a playback export's download link, apps/server/src/modules/playback-logs/playback-logs.export.ts)
 * is redeemed against the token, revoked or not, and never against a session.
 */
const SESSION_PREFIX = 'integration:';
export const integrationSessionId = (tokenId: string): string => `${SESSION_PREFIX}${tokenId}`;
export function integrationSessionToken(sessionId: string): string | null {
  return sessionId.startsWith(SESSION_PREFIX) ? sessionId.slice(SESSION_PREFIX.length) : null;
}

type TokenRow = typeof integrationTokens.$inferSelect;

/** A token with its creator and the creator's companies and outlets, as read for one request. */
export interface LoadedIntegrationToken {
  token: TokenRow;
  user: typeof users.$inferSelect;
  companyIds: string[];
  outletIds: string[];
  /** Whether expires_at has passed, by the database's clock. */
  expired: boolean;
  /** Whether last_used_at is older than a minute (or never written): this use should write it. */
  lastUseStale: boolean;
}

async function loadToken(db: Database, where: SQL): Promise<LoadedIntegrationToken | null> {
  const [row] = await db
    .select({
      token: integrationTokens,
      user: users,
      ...userMemberships,
      expired: sql<boolean>`coalesce(${integrationTokens.expiresAt} <= now(), false)`,
      lastUseStale: sql<boolean>`coalesce(${integrationTokens.lastUsedAt} < now() - interval '1 minute', true)`,
    })
    .from(integrationTokens)
    .innerJoin(users, eq(users.id, integrationTokens.createdBy))
    .where(where);
  return row ?? null;
}

/** The token a request's bearer names: 401 when it is malformed or unknown. */
export async function findIntegrationToken(db: Database, bearer: string): Promise<LoadedIntegrationToken> {
  if (!INTEGRATION_TOKEN_PATTERN.test(bearer)) {
    throw unauthorized(
      `This integration token is malformed: it is ${INTEGRATION_TOKEN_PREFIX} followed by 43 letters, digits, - or _; copy it again`,
    );
  }
  const loaded = await loadToken(db, eq(integrationTokens.tokenHash, hashIntegrationSecret(bearer)));
  if (!loaded) throw unauthorized('Unknown integration token; check that it was copied whole, or create a new one');
  return loaded;
}

const askForANewOne = 'ask an admin for a new token';

/**
 * The principal a token acts as, or why it no longer works. Revoked and expired tokens are 401;
 * so is a token whose creator could not create it any more (deactivated, no longer an admin, no
 * longer in the token's company): a token never outlives its creator's rights. A creator who must
 * change a temporary password has, until then, no rights beyond their own profile (decision 008),
 * so neither has the token (403).
 */
export function integrationPrincipalOf(loaded: LoadedIntegrationToken): StaffPrincipal {
  const { token, user } = loaded;
  if (token.revokedAt) {
    throw unauthorized(`This integration token was revoked at ${token.revokedAt.toISOString()}; ${askForANewOne}`);
  }
  if (loaded.expired) {
    throw unauthorized(`This integration token expired at ${token.expiresAt?.toISOString()}; ${askForANewOne}`);
  }
  const creator = toCurrentUser(user);
  if (!user.isActive) {
    throw unauthorized(
      `The account that created this integration token is deactivated, so the token no longer works; ${askForANewOne}`,
    );
  }
  const role = integrationTokenRole(creator.role, token.companyId);
  const stillAllowed =
    mayManageIntegrationTokens(creator.role) &&
    (creator.role === 'GLOBAL_ADMIN' || (token.companyId !== null && loaded.companyIds.includes(token.companyId)));
  if (!stillAllowed) {
    throw unauthorized(
      `The account that created this integration token may no longer create it (its role or company changed), so the token no longer works; ${askForANewOne}`,
    );
  }
  if (creator.must_change_password) {
    throw new HttpError(
      403,
      'PASSWORD_CHANGE_REQUIRED',
      'This integration token works again once its creator has changed their temporary password',
    );
  }
  return {
    user: { ...creator, role },
    sessionId: integrationSessionId(token.id),
    companyIds: token.companyId ? [token.companyId] : loaded.companyIds,
    outletIds: token.companyId ? [] : loaded.outletIds,
    integrationTokenId: token.id,
  };
}

export const integrationScopesOf = (loaded: LoadedIntegrationToken): IntegrationScope[] =>
  loaded.token.scopes as IntegrationScope[];

/** The principal of a token by its id, for what a token's request signed (an export link); null once it no longer works. */
export async function loadIntegrationPrincipal(
  db: Database,
  tokenId: string,
  userId: string,
): Promise<StaffPrincipal | null> {
  if (!/^[0-9a-f-]{36}$/i.test(tokenId)) return null;
  const loaded = await loadToken(db, and(eq(integrationTokens.id, tokenId), eq(integrationTokens.createdBy, userId))!);
  if (!loaded) return null;
  try {
    return integrationPrincipalOf(loaded);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** Writes last_used_at when the one read is over a minute old: at most about once a minute per token, not per request. */
export async function touchIntegrationToken(db: Database, loaded: LoadedIntegrationToken): Promise<void> {
  if (!loaded.lastUseStale) return;
  await db
    .update(integrationTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(integrationTokens.id, loaded.token.id),
        sql`(${integrationTokens.lastUsedAt} is null or ${integrationTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
