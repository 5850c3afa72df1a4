import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/http';

/** The form field a server detail path names, e.g. `body.tags.0` → `tags` (docs/design.md §4 `details`). */
function fieldOf<T extends FieldValues>(path: string, fields: readonly Path<T>[]): Path<T> | undefined {
  const parts = path.split('.').filter((part) => part !== 'body');
  while (parts.length > 0) {
    const candidate = parts.join('.');
    const field = fields.find((name) => name === candidate);
    if (field) return field;
    parts.pop();
  }
  return undefined;
}

/**
 * Puts a failed request's field errors under the fields they name; the toast has already been
 * shown by the HTTP client. A 409 without details (a duplicate email or code) lands on
 * `conflictField`. True when at least one error reached a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  conflictField?: Path<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = fieldOf(detail.path, fields);
    if (!field) continue;
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: !applied });
    applied = true;
  }
  if (!applied && error.status === 409 && conflictField) {
    setError(conflictField, { type: 'server', message: error.message }, { shouldFocus: true });
    applied = true;
  }
  return applied;
}
