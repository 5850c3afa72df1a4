import { z } from 'zod';

/** Roles of spec §3. Server role codes are stored as these strings. */
export const ROLES = [
  'GLOBAL_ADMIN',
  'COMPANY_ADMIN',
  'COMPANY_EMPLOYEE',
  'OUTLET_ADMIN',
  'OUTLET_EMPLOYEE',
  'UNMAPPED',
] as const;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  GLOBAL_ADMIN: 'Global admin',
  COMPANY_ADMIN: 'Company admin',
  COMPANY_EMPLOYEE: 'Company employee',
  OUTLET_ADMIN: 'Outlet admin',
  OUTLET_EMPLOYEE: 'Outlet employee',
  UNMAPPED: 'Unmapped',
};

/** Server role codes are opaque strings; anything unknown maps to UNMAPPED (spec §3). */
export function toRole(code: string | null | undefined): Role {
  const parsed = roleSchema.safeParse(code);
  return parsed.success ? parsed.data : 'UNMAPPED';
}

export const COMPANY_ROLES = ['COMPANY_ADMIN', 'COMPANY_EMPLOYEE'] as const satisfies readonly Role[];
export const OUTLET_ROLES = ['OUTLET_ADMIN', 'OUTLET_EMPLOYEE'] as const satisfies readonly Role[];
