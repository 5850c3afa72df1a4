import { describe, expect, it } from 'vitest';
import { availableAdActions } from './ad-workflow.ts';

describe('availableAdActions', () => {
  it('offers a company admin Resume on their own pause, not on a global admin’s', () => {
    expect(
      availableAdActions('COMPANY_ADMIN', { status: 'PAUSED', paused_by_admin: false, house_outlet_id: null }),
    ).toContain('resume');
    expect(
      availableAdActions('COMPANY_ADMIN', { status: 'PAUSED', paused_by_admin: true, house_outlet_id: null }),
    ).not.toContain('resume');
    expect(
      availableAdActions('GLOBAL_ADMIN', { status: 'PAUSED', paused_by_admin: true, house_outlet_id: null }),
    ).toContain('resume');
  });

  it('lets only a global admin approve or reject', () => {
    expect(
      availableAdActions('GLOBAL_ADMIN', { status: 'PENDING_REVIEW', paused_by_admin: false, house_outlet_id: null }),
    ).toEqual(['approve', 'reject']);
    expect(
      availableAdActions('COMPANY_EMPLOYEE', {
        status: 'PENDING_REVIEW',
        paused_by_admin: false,
        house_outlet_id: null,
      }),
    ).toEqual([]);
    expect(
      availableAdActions('COMPANY_EMPLOYEE', { status: 'DRAFT', paused_by_admin: false, house_outlet_id: null }),
    ).toEqual(['submit']);
  });

  it("lets outlet staff step only their outlet's house content (decision 090)", () => {
    const paid = { status: 'ACTIVE', paused_by_admin: false, house_outlet_id: null } as const;
    const house = { ...paid, house_outlet_id: '0b7c5d3e-1f2a-4b6c-8d9e-0a1b2c3d4e5f' };
    expect(availableAdActions('OUTLET_ADMIN', paid)).toEqual([]);
    expect(availableAdActions('OUTLET_ADMIN', house)).toEqual(['pause']);
    expect(availableAdActions('OUTLET_EMPLOYEE', { ...house, status: 'DRAFT' })).toEqual(['submit']);
    expect(availableAdActions('OUTLET_EMPLOYEE', house)).toEqual([]);
  });
});
