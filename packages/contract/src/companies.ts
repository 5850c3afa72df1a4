import { z } from 'zod';
import { listQueryBase, phoneSchema } from './common.ts';

/** An advertiser ("ad company"), base path /api/ad-company. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  is_active: z.boolean(),
  ads_count: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
    contact_email: z.email('Invalid email address').nullable().optional(),
    contact_phone: phoneSchema.nullable().optional(),
  })
  .strict();
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

export const companyUpdateSchema = companyCreateSchema.partial().extend({ is_active: z.boolean().optional() }).strict();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const companyListQuerySchema = z
  .object({ ...listQueryBase, is_active: z.enum(['true', 'false']).optional() })
  .strict();
