import { describe, expect, it } from 'vitest';
import { availableAdActions } from './ad-workflow.ts';

describe('availableAdActions', () => {
  it('offers a company admin Resume on their own pause, not on a global admin’s', () => {
    expect(availableAdActions('COMPANY_ADMIN', { status: 'PAUSED', paused_by_admin: false })).toContain('resume');
    expect(availableAdActions('COMPANY_ADMIN', { status: 'PAUSED', paused_by_admin: true })).not.toContain('resume');
    expect(availableAdActions('GLOBAL_ADMIN', { status: 'PAUSED', paused_by_admin: true })).toContain('resume');
  });

  it('lets only a global admin approve or reject', () => {
    expect(availableAdActions('GLOBAL_ADMIN', { status: 'PENDING_REVIEW', paused_by_admin: false })).toEqual([
      'approve',
      'reject',
    ]);
    expect(availableAdActions('COMPANY_EMPLOYEE', { status: 'PENDING_REVIEW', paused_by_admin: false })).toEqual([]);
    expect(availableAdActions('COMPANY_EMPLOYEE', { status: 'DRAFT', paused_by_admin: false })).toEqual(['submit']);
  });
});
