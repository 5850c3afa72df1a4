/** What PostgreSQL (pg or PGlite, under Drizzle's DrizzleQueryError) says about a failed statement. */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) {
      return { code: fields.code, constraint: typeof fields.constraint === 'string' ? fields.constraint : undefined };
    }
    current = fields.cause;
  }
  return undefined;
}

/** True for a unique violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/**
 * True when a row is still referenced (or a reference points nowhere): 23503, or 23001 when the
 * reference is declared ON DELETE RESTRICT.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '23503' || code === '23001';
}
