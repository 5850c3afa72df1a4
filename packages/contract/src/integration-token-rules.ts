import type { Role } from './roles.ts';

/**
 * Who manages integration tokens (decision 095), without zod: the dashboard's page registry reads
 * it, and the sign-in page loads that registry before any schema (decision 055).
 * `integration-tokens.ts` holds the schemas and the scopes.
 */

/** Who may create and revoke tokens: a global admin for any company or the whole network, a company admin for theirs. */
export const INTEGRATION_TOKEN_ROLES = ['GLOBAL_ADMIN', 'COMPANY_ADMIN'] as const satisfies readonly Role[];

export function mayManageIntegrationTokens(role: Role): boolean {
  return (INTEGRATION_TOKEN_ROLES as readonly Role[]).includes(role);
}
