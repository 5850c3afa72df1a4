import { COMPANY_ROLES, OUTLET_ROLES, type Role, toRole } from '@adloop/contract/roles';
import type { User, UserCreate, UserCreated, UserUpdate } from '@adloop/contract/users';
import { and, asc, count, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companyUsers, outletUsers, users } from '../../db/schema.ts';
import { type Caller, isCompanyRole, isOutletRole, type ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { reachesAll, scopedByTenancy } from '../../lib/scope.ts';
import { type SignInAlert, signInAlertOf, toSignInAlert } from '../../lib/sign-in-throttle.ts';
import { revokeSessions } from '../auth/auth.service.ts';
import { generateTemporaryPassword, hashSecret } from '../auth/passwords.ts';
import { type InvitationSender, pendingInvitations, sendInvitation } from './invitations.ts';
import {
  applyMemberships,
  currentMemberships,
  type MembershipNames,
  type Memberships,
  membershipNames,
  NO_MEMBERSHIPS,
  resolveMemberships,
} from './user-memberships.ts';

type UserRow = typeof users.$inferSelect;

function toUser(
  row: UserRow,
  names: MembershipNames | undefined,
  alert: SignInAlert | undefined,
  invitationExpiresAt: string | undefined,
): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    role: toRole(row.role),
    is_active: row.isActive,
    must_change_password: row.mustChangePassword,
    companies: names?.companies ?? [],
    outlets: names?.outlets ?? [],
    sign_in_alert: alert ?? null,
    invitation_expires_at: invitationExpiresAt ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Sign-in alerts (decision 040) of the users named, by id; quiet accounts are left out. */
async function signInAlerts(db: Database, ids: string[]): Promise<Map<string, SignInAlert>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, alert: signInAlertOf('staff', sql`lower(${users.email})`) })
    .from(users)
    .where(inArray(users.id, ids));
  const alerts = new Map<string, SignInAlert>();
  for (const row of rows) {
    const alert = toSignInAlert(row.alert);
    if (alert) alerts.set(row.id, alert);
  }
  return alerts;
}

const inCompanies = (ids: string[]) =>
  exists(
    sql`(select 1 from ${companyUsers} where ${companyUsers.userId} = ${users.id} and ${inArray(companyUsers.companyId, ids)})`,
  );
const inOutlets = (ids: string[]) =>
  exists(
    sql`(select 1 from ${outletUsers} where ${outletUsers.userId} = ${users.id} and ${inArray(outletUsers.outletId, ids)})`,
  );

/**
 * The users a caller reaches (docs/design.md §5): everyone; the company roles of their own companies;
 * the outlet roles of their own outlets; or themselves.
 */
export function visibleUsers(caller: Caller): SQL | undefined {
  return scopedByTenancy(caller, {
    self: (userId) => eq(users.id, userId),
    company: (companyIds) => and(inArray(users.role, COMPANY_ROLES), inCompanies(companyIds)),
    outlet: (outletIds) => and(inArray(users.role, OUTLET_ROLES), inOutlets(outletIds)),
  });
}

/** Roles a caller may hand out: any with `all` scope, else those of their own kind. */
function assertMayGrant(caller: Caller, role: Role): void {
  if (reachesAll(caller)) return;
  if (isCompanyRole(caller.role) && isCompanyRole(role)) return;
  if (isOutletRole(caller.role) && isOutletRole(role)) return;
  throw forbidden(`You cannot give users the ${role} role`);
}

/**
 * A user shared across tenants (decision 040) is changed — activated, deactivated, re-roled,
 * renamed, password reset — only by someone who holds all of their companies and outlets, or a
 * global admin; an own-scope caller takes the user off their own outlets instead.
 */
export function assertWhollyOwn(caller: Caller, memberships: Memberships): void {
  if (reachesAll(caller)) return;
  const foreign =
    memberships.companyIds.some((id) => !caller.companyIds.includes(id)) ||
    memberships.outletIds.some((id) => !caller.outletIds.includes(id));
  if (foreign) {
    throw forbidden(
      'This user also belongs to outlets or companies you do not manage; only someone who manages all of them, such as a global admin, can change their account; you can remove them from yours',
    );
  }
}

const SORTABLE = { name: users.name, email: users.email, role: users.role, created_at: users.createdAt };

export interface UserListQuery extends ListQuery {
  role?: Role;
  company_id?: string;
  outlet_id?: string;
  is_active?: 'true' | 'false';
}

export async function listUsers(ctx: ServiceContext, query: UserListQuery): Promise<Page<User>> {
  const { db, caller } = ctx;
  const where = and(
    visibleUsers(caller),
    searchOf(query.q, [users.name, users.email]),
    query.role ? eq(users.role, query.role) : undefined,
    query.company_id ? inCompanies([query.company_id]) : undefined,
    query.outlet_id ? inOutlets([query.outlet_id]) : undefined,
    query.is_active ? eq(users.isActive, query.is_active === 'true') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, asc(users.name), users.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [names, alerts, invited] = await Promise.all([
    membershipNames(ctx, ids),
    signInAlerts(db, ids),
    pendingInvitations(db, ids),
  ]);
  return pageOf(
    rows.map((row) => toUser(row, names.get(row.id), alerts.get(row.id), invited.get(row.id))),
    query,
    total?.value,
  );
}

export async function findVisibleUser(ctx: ServiceContext, id: string): Promise<UserRow> {
  const { db, caller } = ctx;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleUsers(caller)));
  if (!row) throw notFound('User');
  return row;
}

/** A user record with the memberships the caller may see named. */
export async function recordOf(ctx: ServiceContext, row: UserRow): Promise<User> {
  const { db } = ctx;
  const [names, alerts, invited] = await Promise.all([
    membershipNames(ctx, [row.id]),
    signInAlerts(db, [row.id]),
    pendingInvitations(db, [row.id]),
  ]);
  return toUser(row, names.get(row.id), alerts.get(row.id), invited.get(row.id));
}

export async function getUser(ctx: ServiceContext, id: string): Promise<User> {
  return recordOf(ctx, await findVisibleUser(ctx, id));
}

/**
 * Emails are unique across the platform. The caller is told a user has it only when they can see
 * that user (decision 040); otherwise the email is "not available", which confirms no other tenant's row.
 */
async function duplicateEmail(ctx: ServiceContext, email: string) {
  const { db, caller } = ctx;
  const [seen] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, visibleUsers(caller)));
  return conflict(
    seen
      ? `A user with email ${email} already exists`
      : `The email ${email} cannot be used for a new account here; use another, or ask a global admin`,
  );
}

/**
 * Onboards a user with a temporary password they must change at first sign-in. Without e-mail it
 * is answered once; with it (`invite`), an invitation link is e-mailed instead and the password,
 * never shown, opens nothing (decision 089). If the mail server refuses, the answer falls back to
 * the temporary password and says why.
 */
export async function createUser(
  ctx: ServiceContext,
  input: UserCreate,
  invite?: InvitationSender,
): Promise<UserCreated> {
  const { db, caller } = ctx;
  assertMayGrant(caller, input.role);
  const memberships = await resolveMemberships(ctx, input.role, input, NO_MEMBERSHIPS);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashSecret(temporaryPassword);
  const email = input.email.toLowerCase();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          name: input.name,
          phoneNumber: input.phone_number ?? null,
          role: input.role,
          passwordHash,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      await applyMemberships(tx, row!.id, memberships, NO_MEMBERSHIPS);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_uq')) throw await duplicateEmail(ctx, email);
    throw error;
  }
  const created = { user: await getUser(ctx, id), temporary_password: temporaryPassword, invitation: null };
  if (!invite) return { ...created, invitation_error: null };
  try {
    const invitation = await sendInvitation(db, invite, created.user);
    return { user: await getUser(ctx, id), temporary_password: null, invitation, invitation_error: null };
  } catch (error) {
    invite.logFailure(error);
    return { ...created, invitation_error: 'The invitation e-mail could not be sent' };
  }
}

/**
 * Edits a user. Role and membership changes are checked together; deactivating ends every
 * session of theirs. Nobody deactivates or changes the role of their own account.
 */
export async function updateUser(ctx: ServiceContext, id: string, change: UserUpdate): Promise<User> {
  const { db, caller } = ctx;
  const target = await findVisibleUser(ctx, id);
  const role = change.role ?? toRole(target.role);
  if (id === caller.userId && change.is_active === false) throw forbidden('You cannot deactivate your own account');
  if (id === caller.userId && role !== target.role) throw forbidden('You cannot change your own role');
  if (change.role) assertMayGrant(caller, change.role);

  const membershipChange =
    change.role !== undefined || change.company_id !== undefined || change.outlet_ids !== undefined;
  const current = await currentMemberships(db, id);
  // A form that sends unchanged fields along with outlet_ids is still only a membership edit.
  const touchesAccount =
    (change.name !== undefined && change.name !== target.name) ||
    (change.phone_number !== undefined && change.phone_number !== target.phoneNumber) ||
    (change.is_active !== undefined && change.is_active !== target.isActive) ||
    role !== target.role;
  if (touchesAccount) assertWhollyOwn(caller, current);
  const wanted = membershipChange ? await resolveMemberships(ctx, role, change, current) : current;

  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: change.name,
        phoneNumber: change.phone_number,
        role: change.role,
        isActive: change.is_active,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
    if (membershipChange) await applyMemberships(tx, id, wanted, current);
    if (change.is_active === false) await revokeSessions(tx, id);
    return row!;
  });
  // Answered even when the change moved the user out of the caller's reach.
  return recordOf(ctx, updated);
}

/** DELETE deactivates: the account and its history stay, its sessions end. */
export async function deactivateUser(ctx: ServiceContext, id: string): Promise<void> {
  const { db, caller } = ctx;
  await findVisibleUser(ctx, id);
  if (id === caller.userId) throw forbidden('You cannot deactivate your own account');
  assertWhollyOwn(caller, await currentMemberships(db, id));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: false, updatedAt: sql`now()` }).where(eq(users.id, id));
    await revokeSessions(tx, id);
  });
}
