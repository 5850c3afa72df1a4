import type { CurrentUser } from '@adloop/contract/auth';
import { toRole } from '@adloop/contract/roles';
import { sql } from 'drizzle-orm';
import { companyUsers, outletUsers, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** A user row as the API shows the signed-in user. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phoneNumber,
    role: toRole(user.role),
    must_change_password: user.mustChangePassword,
    alert_emails: user.alertEmails,
  };
}

/**
 * The companies and outlets a user belongs to, as columns of a query that selects from `users`:
 * what a session's or an integration token's principal carries besides the user.
 */
export const userMemberships = {
  companyIds: sql<
    string[]
  >`array(select ${companyUsers.companyId}::text from ${companyUsers} where ${companyUsers.userId} = ${users.id})`,
  outletIds: sql<
    string[]
  >`array(select ${outletUsers.outletId}::text from ${outletUsers} where ${outletUsers.userId} = ${users.id})`,
};
