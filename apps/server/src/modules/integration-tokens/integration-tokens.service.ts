import { mayManageIntegrationTokens } from '@adloop/contract/integration-token-rules';
import {
  type IntegrationScope,
  type IntegrationToken,
  type IntegrationTokenCreate,
  type IntegrationTokenCreated,
  type IntegrationTokenListQuery,
  type IntegrationTokenUse,
  integrationTokenRole,
  scopeFitsRole,
} from '@adloop/contract/integration-tokens';
import { ROLE_LABELS } from '@adloop/contract/roles';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { companies, integrationTokens, integrationTokenUses, users } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { isAdvertiser } from '../../lib/house-content.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-error.ts';
import { offsetOf, type Page, pageOf } from '../../lib/list-query.ts';
import { assertCallersCompany, scopedByCompany } from '../../lib/scope.ts';
import { hashIntegrationSecret, integrationHint, newIntegrationSecret } from '../auth/integration-token-auth.ts';

/*
 * Integration tokens (decision 095): a company admin manages their companies' tokens, a global
 * admin every token. The routes give the caller the scope `own` or `all` (integration-tokens.routes.ts),
 * so lib/scope.ts narrows the rows as for any resource: another company's token answers 404.
 */

const columns = {
  token: integrationTokens,
  companyName: companies.name,
  createdByName: users.name,
  expired: sql<boolean>`coalesce(${integrationTokens.expiresAt} <= now(), false)`,
};

type TokenRow = {
  token: typeof integrationTokens.$inferSelect;
  companyName: string | null;
  createdByName: string;
  expired: boolean;
};

function toIntegrationToken(row: TokenRow): IntegrationToken {
  const { token } = row;
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes as IntegrationScope[],
    company_id: token.companyId,
    company_name: row.companyName,
    created_by: token.createdBy,
    created_by_name: row.createdByName,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt?.toISOString() ?? null,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    hint: integrationHint(token.lastFour),
    state: token.revokedAt ? 'REVOKED' : row.expired ? 'EXPIRED' : 'ACTIVE',
  };
}

const selectTokens = (ctx: ServiceContext) =>
  ctx.db
    .select(columns)
    .from(integrationTokens)
    .innerJoin(users, eq(users.id, integrationTokens.createdBy))
    .leftJoin(companies, eq(companies.id, integrationTokens.companyId));

/** The tokens the caller manages: a global admin's reach all; a company admin's their companies' (never a network-wide one). */
const visible = (caller: Caller): SQL | undefined => scopedByCompany(caller, integrationTokens.companyId);

async function findToken(ctx: ServiceContext, id: string): Promise<TokenRow> {
  const [row] = await selectTokens(ctx).where(and(eq(integrationTokens.id, id), visible(ctx.caller)));
  if (!row) throw notFound('Integration token');
  return row;
}

export async function getIntegrationToken(ctx: ServiceContext, id: string): Promise<IntegrationToken> {
  return toIntegrationToken(await findToken(ctx, id));
}

const STATE_FILTERS: Record<IntegrationToken['state'], SQL> = {
  REVOKED: isNotNull(integrationTokens.revokedAt),
  EXPIRED: and(isNull(integrationTokens.revokedAt), sql`${integrationTokens.expiresAt} <= now()`)!,
  ACTIVE: and(
    isNull(integrationTokens.revokedAt),
    or(isNull(integrationTokens.expiresAt), sql`${integrationTokens.expiresAt} > now()`),
  )!,
};

export async function listIntegrationTokens(
  ctx: ServiceContext,
  query: IntegrationTokenListQuery,
): Promise<Page<IntegrationToken>> {
  const where = and(
    visible(ctx.caller),
    query.company_id ? eq(integrationTokens.companyId, query.company_id) : undefined,
    query.state ? STATE_FILTERS[query.state] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectTokens(ctx)
      .where(where)
      .orderBy(desc(integrationTokens.createdAt), desc(integrationTokens.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db.select({ value: count() }).from(integrationTokens).where(where),
  ]);
  return pageOf(rows.map(toIntegrationToken), query, total?.value);
}

/**
 * The company a new token is for: a company admin's is one of their companies (theirs when they
 * have one; named when several); a global admin's is the one named, or none (network-wide).
 */
async function companyOfNewToken(ctx: ServiceContext, named: string | null | undefined): Promise<string | null> {
  const { caller } = ctx;
  if (caller.role === 'GLOBAL_ADMIN') {
    if (!named) return null;
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, named), isAdvertiser));
    if (!company) throw notFound('Company');
    return company.id;
  }
  if (named) {
    assertCallersCompany(caller, named);
    return named;
  }
  if (named === null) {
    throw fieldError(
      'company_id',
      "A company admin's token is for one of their companies; only a global admin's may be network-wide",
    );
  }
  if (caller.companyIds.length === 1) return caller.companyIds[0]!;
  if (caller.companyIds.length === 0)
    throw forbidden('You belong to no company, so you cannot create an integration token');
  throw fieldError('company_id', 'You belong to several companies: choose the one the token is for');
}

/**
 * A new token, its secret answered this once and only its hash kept. It may hold only scopes the
 * role it will act with may do in full: never more than its creator (403 naming the scope).
 */
export async function createIntegrationToken(
  ctx: ServiceContext,
  input: IntegrationTokenCreate,
): Promise<IntegrationTokenCreated> {
  const { caller } = ctx;
  if (!mayManageIntegrationTokens(caller.role))
    throw forbidden('Only company admins and global admins manage integration tokens');
  const companyId = await companyOfNewToken(ctx, input.company_id);
  const role = integrationTokenRole(caller.role, companyId);
  const beyond = input.scopes.filter((scope) => !scopeFitsRole(scope, role));
  if (beyond.length > 0) {
    const whose =
      role === caller.role ? 'Your role' : `A company's token acts as its ${ROLE_LABELS[role].toLowerCase()}, which`;
    throw forbidden(
      `${whose} cannot do everything the scope${beyond.length === 1 ? '' : 's'} ${beyond.join(', ')} grant${beyond.length === 1 ? 's' : ''}, so this token cannot hold ${beyond.length === 1 ? 'it' : 'them'}`,
    );
  }
  const secret = newIntegrationSecret();
  const [inserted] = await ctx.db
    .insert(integrationTokens)
    .values({
      name: input.name,
      tokenHash: hashIntegrationSecret(secret),
      lastFour: secret.slice(-4),
      scopes: input.scopes,
      companyId,
      createdBy: caller.userId,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    })
    .returning({ id: integrationTokens.id });
  const row = await findToken(ctx, inserted!.id);
  return { ...toIntegrationToken(row), token: secret };
}

/** Revokes a token: its next request is refused (401). Revoking one already revoked changes nothing. */
export async function revokeIntegrationToken(ctx: ServiceContext, id: string): Promise<IntegrationToken> {
  await findToken(ctx, id);
  await ctx.db
    .update(integrationTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(integrationTokens.id, id), isNull(integrationTokens.revokedAt)));
  return toIntegrationToken(await findToken(ctx, id));
}

/** One token's requests, newest first. */
export async function listIntegrationTokenUses(
  ctx: ServiceContext,
  id: string,
  query: { page: number; pageSize: number },
): Promise<Page<IntegrationTokenUse>> {
  await findToken(ctx, id);
  const where = eq(integrationTokenUses.tokenId, id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(integrationTokenUses)
      .where(where)
      .orderBy(desc(integrationTokenUses.at), desc(integrationTokenUses.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    ctx.db.select({ value: count() }).from(integrationTokenUses).where(where),
  ]);
  return pageOf(
    rows.map((use) => ({
      id: use.id,
      method: use.method,
      route: use.route,
      status_code: use.statusCode,
      ip: use.ip,
      at: use.at.toISOString(),
    })),
    query,
    total?.value,
  );
}
