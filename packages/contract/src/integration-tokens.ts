import { z } from 'zod';
import { listOf } from './common.ts';
import { type Action, can, type Resource } from './permissions.ts';
import type { Role } from './roles.ts';

/**
 * Integration tokens (decision 095): long-lived bearer tokens an advertiser's or a venue group's
 * system sends instead of a person's session. A token acts with its creator's role and tenancy at
 * the time of use, narrowed to its company and to its scopes; base path /api/integration-tokens.
 */

/** Every token starts with this, so the server knows it from a session's token and a leaked one is recognisable. */
export const INTEGRATION_TOKEN_PREFIX = 'adl_';
/** `adl_` and 32 random bytes in base64url (43 characters). */
export const INTEGRATION_TOKEN_PATTERN = /^adl_[A-Za-z0-9_-]{43}$/;

/** Requests one token may make in a minute, unless the server's configuration says otherwise. */
export const DEFAULT_INTEGRATION_TOKEN_REQUESTS_PER_MINUTE = 600;

/** The furthest ahead a token's expiry may be set. */
export const MAX_INTEGRATION_TOKEN_DAYS = 5 * 366;

/**
 * What a token may do, each scope as the (resource, action) pairs of the permission matrix
 * (packages/contract/src/permissions.ts) it grants. A request is allowed when one of the token's
 * scopes grants the route's pair and the creator's role may do it. Reviewing ads (`approve`),
 * settling shortfalls (`resolve`), users, companies, money out (screen payouts) and the tokens
 * themselves are left to people (decision 095).
 */
export const INTEGRATION_SCOPES = {
  'playback_logs:read': {
    label: 'Read proof of play',
    description: 'Playback logs: every play, by cursor, and their CSV export.',
    grants: [['playbackLogs', 'read']],
  },
  'analytics:read': {
    label: 'Read analytics and spend',
    description: 'Analytics and the ad transactions (spend) behind them.',
    grants: [
      ['analytics', 'read'],
      ['adTransactions', 'read'],
    ],
  },
  'ads:read': {
    label: 'Read ads',
    description: 'Ads, their versions and variants.',
    grants: [['ads', 'read']],
  },
  'ads:write': {
    label: 'Write ads',
    description: 'Create, edit, pause and delete ads and upload their media; review stays with people.',
    grants: [
      ['ads', 'create'],
      ['ads', 'update'],
      ['ads', 'delete'],
      ['ads', 'pause'],
    ],
  },
  'campaigns:read': {
    label: 'Read campaigns',
    description: 'Campaigns, their line items, quotes and delivery.',
    grants: [['campaigns', 'read']],
  },
  'campaigns:write': {
    label: 'Write campaigns',
    description: 'Create, edit, hold, book, cancel and delete campaigns.',
    grants: [
      ['campaigns', 'create'],
      ['campaigns', 'update'],
      ['campaigns', 'delete'],
    ],
  },
  'screens:read': {
    label: 'Read screens',
    description: 'Screens and their tags and status.',
    grants: [['screens', 'read']],
  },
  'screens:write': {
    label: 'Write screens',
    description: 'Create, edit (tags included) and delete screens.',
    grants: [
      ['screens', 'create'],
      ['screens', 'update'],
      ['screens', 'delete'],
    ],
  },
  'outlets:read': {
    label: 'Read outlets',
    description: 'Outlets (venues) and their tags.',
    grants: [['outlets', 'read']],
  },
  'outlets:write': {
    label: 'Write outlets',
    description: 'Create, edit (tags included) and delete outlets.',
    grants: [
      ['outlets', 'create'],
      ['outlets', 'update'],
      ['outlets', 'delete'],
    ],
  },
} as const satisfies Record<
  string,
  { label: string; description: string; grants: ReadonlyArray<readonly [Resource, Action]> }
>;

export type IntegrationScope = keyof typeof INTEGRATION_SCOPES;
export const INTEGRATION_SCOPE_NAMES = Object.keys(INTEGRATION_SCOPES) as [IntegrationScope, ...IntegrationScope[]];
export const integrationScopeSchema = z.enum(INTEGRATION_SCOPE_NAMES, {
  error: (issue) =>
    `Unknown scope ${JSON.stringify(issue.input)}; the scopes are ${INTEGRATION_SCOPE_NAMES.join(', ')}`,
});

/** The scopes that grant (resource, action); empty when no token may ever do it. */
export function scopesGranting(resource: Resource, action: Action): IntegrationScope[] {
  return INTEGRATION_SCOPE_NAMES.filter((scope) =>
    (INTEGRATION_SCOPES[scope].grants as ReadonlyArray<readonly [Resource, Action]>).some(
      ([r, a]) => r === resource && a === action,
    ),
  );
}

/**
 * The role a token acts with: its creator's, except that a global admin's token for one company
 * acts as that company's admin (it sees only that company's rows and may do what its admin may).
 */
export function integrationTokenRole(creatorRole: Role, companyId: string | null): Role {
  return creatorRole === 'GLOBAL_ADMIN' && companyId !== null ? 'COMPANY_ADMIN' : creatorRole;
}

/** True when `role` may do every (resource, action) `scope` grants: a token never holds more than its creator. */
export function scopeFitsRole(scope: IntegrationScope, role: Role): boolean {
  return (INTEGRATION_SCOPES[scope].grants as ReadonlyArray<readonly [Resource, Action]>).every(([resource, action]) =>
    can(role, resource, action),
  );
}

export const INTEGRATION_TOKEN_STATES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type IntegrationTokenState = (typeof INTEGRATION_TOKEN_STATES)[number];

/** A token as its list shows it; the secret itself is never stored, only its hash. */
export const integrationTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  /** The company whose rows it reaches; null for a global admin's network-wide token. */
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Not secret: `adl_…` and the token's last four characters, to tell which one a system holds. */
  hint: z.string(),
  state: z.enum(INTEGRATION_TOKEN_STATES),
});
export type IntegrationToken = z.infer<typeof integrationTokenSchema>;

/** The answer of a create: the row and, in `token`, the secret itself, shown this once. */
export const integrationTokenCreatedSchema = integrationTokenSchema.extend({ token: z.string() });
export type IntegrationTokenCreated = z.infer<typeof integrationTokenCreatedSchema>;

export const integrationTokenCreateSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name may be at most 100 characters'),
    scopes: z
      .array(integrationScopeSchema, { error: 'Scopes must be a list of scope names' })
      .min(1, 'Choose at least one scope')
      .max(INTEGRATION_SCOPE_NAMES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be named once'),
    /** A company admin's token is for their company (the only one, unless they have several); a global admin's is network-wide unless one is named. */
    company_id: z.uuid('company_id must be a UUID').nullable().optional(),
    /** When it stops working; null or absent: until revoked. */
    expires_at: z.iso
      .datetime({ offset: true, message: 'expires_at must be an ISO 8601 timestamp' })
      .refine((value) => Date.parse(value) > Date.now(), 'expires_at must be in the future')
      .refine(
        (value) => Date.parse(value) <= Date.now() + MAX_INTEGRATION_TOKEN_DAYS * 86_400_000,
        `expires_at may be at most ${MAX_INTEGRATION_TOKEN_DAYS} days ahead`,
      )
      .nullable()
      .optional(),
  })
  .strict();
export type IntegrationTokenCreate = z.infer<typeof integrationTokenCreateSchema>;

export const integrationTokenListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    state: z.enum(INTEGRATION_TOKEN_STATES).optional(),
    company_id: z.uuid('company_id must be a UUID').optional(),
  })
  .strict();
export type IntegrationTokenListQuery = z.infer<typeof integrationTokenListQuerySchema>;

/** One use of a token: who (the token), what (method, route, answer), when and from where. */
export const integrationTokenUseSchema = z.object({
  id: z.string(),
  method: z.string(),
  /** The route's pattern, e.g. /api/ads/:id, not the URL with its ids and query. */
  route: z.string(),
  status_code: z.number().int(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type IntegrationTokenUse = z.infer<typeof integrationTokenUseSchema>;

export const integrationTokenUsesQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const integrationTokenListSchema = listOf(integrationTokenSchema);
export const integrationTokenUsesSchema = listOf(integrationTokenUseSchema);
