import type { z } from 'zod';

/**
 * Reads a list's query from the address bar through its contract schema. A value the schema
 * refuses (a hand-edited or stale URL) is dropped rather than breaking the page.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, raw: Record<string, string | undefined>): z.output<S> {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''));
  const first = schema.safeParse(present);
  if (first.success) return first.data;
  const refused = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(present).filter(([key]) => !refused.has(key)));
  return schema.parse(kept);
}
