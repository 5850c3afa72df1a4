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

// Serialization, deadlock, lock/statement timeout, shutdown, too many connections, not accepting connections.
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '53300', '55000']);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * True when the database is unreachable or a statement gave way to a transient condition
 * (deadlock, lock or statement timeout, shutdown, too many connections): nothing was written and
 * the same request may succeed in a moment, so the answer is 503 with Retry-After, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof fields.code === 'string') {
      if (TRANSIENT_SQLSTATES.has(fields.code) || fields.code.startsWith('08')) return true;
      if (CONNECTION_ERRNOS.has(fields.code)) return true;
    }
    if (
      typeof fields.message === 'string' &&
      CONNECTION_MESSAGES.some((text) => fields.message === text || (fields.message as string).startsWith(text))
    ) {
      return true;
    }
    current = fields.cause;
  }
  return false;
}
