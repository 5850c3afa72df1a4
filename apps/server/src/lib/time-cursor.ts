import { badRequest } from './http-error.ts';

/**
 * A position in a newest-first list paged by keyset: a row's instant exactly as PostgreSQL prints
 * it (microseconds kept, so no two rows of one instant are skipped) and its id.
 */
export interface TimePosition {
  at: string;
  id: string;
}

/** A timestamptz as PostgreSQL prints it, e.g. `2026-11-20 12:34:05.123456+00`. */
const POSTGRES_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function isPostgresTimestamp(text: string): boolean {
  const iso = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return POSTGRES_TIMESTAMPTZ.test(text) && !Number.isNaN(Date.parse(iso));
}

/** The opaque cursor a client sends back for the next page. */
export function encodeTimeCursor(position: TimePosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor names; a 400 on `cursor` for anything this API did not give out. */
export function decodeTimeCursor(cursor: string): TimePosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !isPostgresTimestamp(at)) {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor this API gave out' }]);
  }
  return { at, id };
}
