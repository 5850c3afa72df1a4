import { z } from 'zod';
import { listQueryBase } from './common.ts';
import { roleSchema } from './roles.ts';

const mappedUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: roleSchema });

/** A user's membership of a company, base path /api/company-user-mapping. */
export const companyUserMappingSchema = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  user: mappedUserSchema,
  created_at: z.string(),
});
export type CompanyUserMapping = z.infer<typeof companyUserMappingSchema>;

/** A user's membership of an outlet, base path /api/outlet-user-mapping. */
export const outletUserMappingSchema = z.object({
  id: z.string(),
  outlet: z.object({ id: z.string(), name: z.string(), outlet_code: z.string() }),
  user: mappedUserSchema,
  created_at: z.string(),
});
export type OutletUserMapping = z.infer<typeof outletUserMappingSchema>;

export const companyUserMappingCreateSchema = z
  .object({ company_id: z.uuid('Choose a company'), user_id: z.uuid('Choose a user') })
  .strict();
export const outletUserMappingCreateSchema = z
  .object({ outlet_id: z.uuid('Choose an outlet'), user_id: z.uuid('Choose a user') })
  .strict();

export const companyUserMappingListQuerySchema = z
  .object({ ...listQueryBase, company_id: z.uuid().optional(), user_id: z.uuid().optional() })
  .strict();
export const outletUserMappingListQuerySchema = z
  .object({ ...listQueryBase, outlet_id: z.uuid().optional(), user_id: z.uuid().optional() })
  .strict();
