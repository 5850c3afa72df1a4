import { z } from 'zod';

/** `meta` of an offset-paged list (DESIGN §4). */
export const pageMetaSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Query of every offset-paged list: page, pageSize, free-text q and `sort` as `field` or `-field`. */
export const listQueryBase = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'sort must be a field name, optionally prefixed by -')
    .optional(),
};

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const idParamsSchema = z.object({ id: z.uuid('id must be a UUID') });

export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Tags are 1-32 letters, digits or dashes');
export const tagsSchema = z.array(tagSchema).max(20, 'At most 20 tags');

/** Codes people type on a screen or a form: upper-cased, letters, digits and dashes. */
export const codeSchema = (field: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, `${field} must be 3-32 letters, digits or dashes`);

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Phone number must be 7-20 digits, spaces or dashes');

export const optionalText = (max: number) => z.string().trim().max(max);
