import type { CurrentUser } from '@adloop/contract/auth';
import { toRole } from '@adloop/contract/roles';
import type { users } from '../../db/schema.ts';

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
