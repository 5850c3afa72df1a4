import { describe, expect, it } from 'vitest';
import {
  canSeeField,
  canWriteField,
  FIELD_GRANTS,
  unwritableField,
  withHiddenFields,
  writableOnly,
} from './field-grants.ts';
import { can, RESOURCES } from './permissions.ts';

const grants = Object.entries(FIELD_GRANTS).flatMap(([resource, fields]) =>
  Object.entries(fields ?? {}).map(([field, grant]) => ({
    resource: resource as (typeof RESOURCES)[number],
    field,
    grant,
  })),
);

describe('field grants', () => {
  it.each(grants)('$resource.$field names only roles that reach its row', ({ resource, grant }) => {
    expect(RESOURCES).toContain(resource);
    for (const role of grant.read ?? []) expect(can(role, resource, 'read')).toBe(true);
    for (const role of grant.write ?? [])
      expect(can(role, resource, 'update') || can(role, resource, 'create')).toBe(true);
  });

  it('hides and refuses only the fields a role is not granted', () => {
    expect(canSeeField('COMPANY_ADMIN', 'outlets', 'commission_bps')).toBe(false);
    expect(canSeeField('OUTLET_ADMIN', 'outlets', 'commission_bps')).toBe(true);
    expect(canSeeField('COMPANY_ADMIN', 'outlets', 'name')).toBe(true);
    expect(canWriteField('OUTLET_ADMIN', 'outlets', 'tier')).toBe(false);
    expect(canWriteField('GLOBAL_ADMIN', 'outlets', 'tier')).toBe(true);
    expect(canSeeField('OUTLET_EMPLOYEE', 'analytics', 'totals.uptime_pct')).toBe(true);
    expect(canSeeField('COMPANY_EMPLOYEE', 'analytics', 'totals.uptime_pct')).toBe(false);
    expect(withHiddenFields('COMPANY_ADMIN', 'outlets', { name: 'Cafe', commission_bps: 1500 })).toEqual({
      name: 'Cafe',
      commission_bps: null,
    });
    expect(unwritableField('OUTLET_ADMIN', 'outlets', { name: 'Cafe', tier: undefined })).toBeUndefined();
    expect(unwritableField('OUTLET_ADMIN', 'outlets', { name: 'Cafe', tier: 'PREMIUM' })).toBe('tier');
    expect(writableOnly('OUTLET_ADMIN', 'outlets', { name: 'Cafe', tier: 'PREMIUM' })).toEqual({ name: 'Cafe' });
  });
});
