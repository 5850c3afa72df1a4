import { FIELD_GRANTS, unwritableField } from '@adloop/contract/field-grants';
import type { Resource } from '@adloop/contract/permissions';
import type { Role } from '@adloop/contract/roles';
import { HttpError } from './http-error.ts';

/** A change that sets a field the role may not write is a 403 naming the field (decision 064). */
export function assertWritableFields(role: Role, resource: Resource, change: object): void {
  const field = unwritableField(role, resource, change);
  if (field === undefined) return;
  const writers = FIELD_GRANTS[resource]?.[field]?.write ?? [];
  const message =
    writers.length === 1 && writers[0] === 'GLOBAL_ADMIN'
      ? `Only a global admin can change ${field}`
      : `Your role cannot change ${field}`;
  throw new HttpError(403, 'FORBIDDEN', message, [{ path: field, message }]);
}
