import { z } from 'zod';
import { listQueryBase } from './common.ts';

/** Indian postal codes with their city and state, base path /api/pincode. */
export const pincodeSchema = z.object({ code: z.string(), city: z.string(), state: z.string() });
export type Pincode = z.infer<typeof pincodeSchema>;

export const pincodeCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Pincode must be 6 digits'),
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z.string().trim().min(1, 'State is required').max(100),
  })
  .strict();
export const pincodeListQuerySchema = z.object({ ...listQueryBase }).strict();

export const pincodeUpdateSchema = pincodeCreateSchema.omit({ code: true }).partial().strict();
export const pincodeParamsSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'Pincode must be 6 digits') });
