import { scopeOf } from '@adloop/contract/permissions';
import { COMPANY_ROLES, OUTLET_ROLES, type Role } from '@adloop/contract/roles';

export type AssignableRole = Exclude<Role, 'UNMAPPED'>;

export const ROLE_DESCRIPTIONS: Record<AssignableRole, string> = {
  GLOBAL_ADMIN: 'Runs AdLoop: every company, outlet, screen and ad, and approves ads.',
  COMPANY_ADMIN: "Manages one company's ads and people, and sees its reports and bills.",
  COMPANY_EMPLOYEE: "Creates and edits the company's ads and sees its reports.",
  OUTLET_ADMIN: "Manages the outlets' screens and staff, and sees their reports and payouts.",
  OUTLET_EMPLOYEE: "Sees the outlets' screens and what they play.",
};

export function isCompanyRole(role: Role | undefined): boolean {
  return COMPANY_ROLES.some((companyRole) => companyRole === role);
}

export function isOutletRole(role: Role | undefined): boolean {
  return OUTLET_ROLES.some((outletRole) => outletRole === role);
}

/** The roles a user may give: AdLoop's admins any, a company admin company roles, an outlet admin outlet roles. */
export function assignableRoles(role: Role): AssignableRole[] {
  if (scopeOf(role, 'users', 'create') === 'all') return ['GLOBAL_ADMIN', ...COMPANY_ROLES, ...OUTLET_ROLES];
  if (scopeOf(role, 'users', 'create') === 'none') return [];
  if (isCompanyRole(role)) return [...COMPANY_ROLES];
  if (isOutletRole(role)) return [...OUTLET_ROLES];
  return [];
}
