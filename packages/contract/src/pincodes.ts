import { z } from 'zod';
import { listQueryBase } from './common.ts';
import { PINCODE_PATTERN } from './formats.ts';

/** An Indian postal code: six digits. */
export const pincodeCodeSchema = z.string().trim().regex(PINCODE_PATTERN, 'Pincode must be 6 digits');

/**
 * India's states and union territories (2020 onwards), offered when a pincode is added. The server
 * takes any state's name, since the list changes by law; forms offer these.
 */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** Indian postal codes with their city and state, base path /api/pincode. */
export const pincodeSchema = z.object({ code: z.string(), city: z.string(), state: z.string() });
export type Pincode = z.infer<typeof pincodeSchema>;

export const pincodeCreateSchema = z
  .object({
    code: pincodeCodeSchema,
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z.string().trim().min(1, 'State is required').max(100),
  })
  .strict();
export type PincodeCreate = z.infer<typeof pincodeCreateSchema>;
export const pincodeListQuerySchema = z.object({ ...listQueryBase }).strict();

export const pincodeUpdateSchema = pincodeCreateSchema.omit({ code: true }).partial().strict();
export type PincodeUpdate = z.infer<typeof pincodeUpdateSchema>;
export const pincodeParamsSchema = z.object({ code: z.string().regex(PINCODE_PATTERN, 'Pincode must be 6 digits') });
