import type { CurrentUser } from '@adloop/contract/auth';
import { type Action, can, type Resource, type Scope } from '@adloop/contract/permissions';
import { COMPANY_ROLES, OUTLET_ROLES, type Role } from '@adloop/contract/roles';
import type { Database } from '../db/client.ts';
import type { BusEvent, EventBus } from './event-bus.ts';

/** A signed-in staff user's live session, read in one query with the rows their "own" scope reaches. */
export interface StaffPrincipal {
  user: CurrentUser;
  sessionId: string;
  companyIds: string[];
  outletIds: string[];
  /**
   * Set when the request came with an integration token (decision 095) rather than a session:
   * the principal is then the token's creator, with the role and tenancy the token acts with.
   */
  integrationTokenId?: string | undefined;
}

/** Who is asking, resolved once per request: the session, the user's tenancy and the route's grant. */
export interface Caller {
  user: CurrentUser;
  role: Role;
  userId: string;
  sessionId: string;
  /** The companies and outlets the user belongs to: the rows their "own" scope reaches. */
  companyIds: string[];
  outletIds: string[];
  /** The integration token the request came with, if any (decision 095); its `sessionId` then names no session. */
  integrationTokenId?: string | undefined;
  /** The scope the permission matrix grants for the route's resource and action. */
  scope: Scope;
  can(resource: Resource, action: Action): boolean;
}

export function callerOf(principal: StaffPrincipal, scope: Scope): Caller {
  const role = principal.user.role;
  return {
    ...principal,
    role,
    userId: principal.user.id,
    scope,
    can: (resource, action) => can(role, resource, action),
  };
}

export const isCompanyRole = (role: string): boolean => (COMPANY_ROLES as readonly string[]).includes(role);
export const isOutletRole = (role: string): boolean => (OUTLET_ROLES as readonly string[]).includes(role);

/** What a staff service works with: the database (or the transaction it runs in), the caller, and the bus. */
export interface ServiceContext {
  db: Database;
  caller: Caller;
  /** Announces a domain event; inside `inTransaction` it waits for the commit. */
  emit(event: BusEvent): Promise<void>;
}

/** The context of a caller's service calls: a request's, or a test's calling a service directly. */
export function contextFor(db: Database, bus: EventBus, caller: Caller): ServiceContext {
  return { db, caller, emit: (event) => bus.publish(event) };
}

/** Drizzle's transaction handle. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction. Events it emits are held and announced through `ctx.emit`
 * once the transaction commits (into the enclosing transaction's hold, when nested); a rollback
 * drops them with the writes they describe.
 */
export async function inTransaction<T>(
  ctx: Pick<ServiceContext, 'db' | 'emit'>,
  work: (tx: Transaction, emit: ServiceContext['emit']) => Promise<T>,
): Promise<T> {
  const held: BusEvent[] = [];
  const result = await ctx.db.transaction((tx) =>
    work(tx, async (event) => {
      held.push(event);
    }),
  );
  for (const event of held) await ctx.emit(event);
  return result;
}
