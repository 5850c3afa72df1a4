import { can, type Resource } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * Fields that not every role reaching a row may read or write, kept once beside the permission
 * table (decision 064). A field with `read` answers null to the roles it does not name; a field
 * with `write` is a 403 naming it for them. A field not listed follows its row's grant. Keys are
 * the field's path in the response (`totals.uptime_pct`).
 */
export interface FieldGrant {
  read?: readonly Role[];
  write?: readonly Role[];
}

/** The terms of the network (an outlet's code, commission, tier; switching rows on and off): AdLoop's own staff. */
const PLATFORM: readonly Role[] = ['GLOBAL_ADMIN'];
/** Advertisers read outlets to target them (decision 008) but not what the outlets earn. */
const NOT_ADVERTISERS: readonly Role[] = ['GLOBAL_ADMIN', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE'];
const rolesThatCan = (resource: Resource, action: 'read' | 'approve') =>
  ROLES.filter((role) => can(role, resource, action));

export const FIELD_GRANTS: Partial<Record<Resource, Record<string, FieldGrant>>> = {
  analytics: {
    // The network's money of the period: billed, paid out, kept as commission.
    revenue: { read: PLATFORM },
    // Uptime is screen activity, so it follows that resource's grant.
    'totals.uptime_pct': { read: rolesThatCan('screenActivity', 'read') },
  },
  ads: {
    // Everyone else moves an ad through submit, review, pause and resume (decision 009).
    status: { write: rolesThatCan('ads', 'approve') },
  },
  companies: {
    // An advertiser's ads stop or start playing with it.
    is_active: { write: PLATFORM },
  },
  outlets: {
    outlet_code: { write: PLATFORM },
    commission_bps: { read: NOT_ADVERTISERS, write: PLATFORM },
    // Sets what its plays cost (decision 033).
    tier: { write: PLATFORM },
    is_active: { write: PLATFORM },
    // The platform's setting; its URL may carry a token (decision 060).
    alert_webhook_url: { read: PLATFORM, write: PLATFORM },
    alert_webhook_secret: { write: PLATFORM },
    has_alert_webhook_secret: { read: PLATFORM },
  },
};

export function canSeeField(role: Role, resource: Resource, field: string): boolean {
  const allowed = FIELD_GRANTS[resource]?.[field]?.read;
  return !allowed || allowed.includes(role);
}

export function canWriteField(role: Role, resource: Resource, field: string): boolean {
  const allowed = FIELD_GRANTS[resource]?.[field]?.write;
  return !allowed || allowed.includes(role);
}

/** The first field a change sets that the role may not write, if any. */
export function unwritableField(role: Role, resource: Resource, change: object): string | undefined {
  return Object.entries(change).find(
    ([field, value]) => value !== undefined && !canWriteField(role, resource, field),
  )?.[0];
}

/** A change without the fields the role may not write (what a form of theirs sends). */
export function writableOnly<T extends object>(role: Role, resource: Resource, change: T): T {
  return Object.fromEntries(Object.entries(change).filter(([field]) => canWriteField(role, resource, field))) as T;
}

/** A row as the role may see it: its top-level fields hidden from the role answered null. */
export function withHiddenFields<T extends object>(role: Role, resource: Resource, row: T): T {
  const hidden = Object.keys(row).filter((field) => !canSeeField(role, resource, field));
  return hidden.length === 0 ? row : { ...row, ...Object.fromEntries(hidden.map((field) => [field, null])) };
}
