import { describe, expect, it } from 'vitest';
import { loginFormSchema } from './auth.ts';
import { errorTitleForStatus } from './errors.ts';
import { can, PERMISSIONS, RESOURCES, scopeOf } from './permissions.ts';
import { ROLES, toRole } from './roles.ts';

const messages = (input: unknown) => {
  const result = loginFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('login form rules (spec §5)', () => {
  it.each([
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ email: 'nope', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
    [{ email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters'],
  ])('%o → %s', (input, message) => {
    expect(messages(input)).toEqual([message]);
  });

  it('accepts a valid form', () => {
    expect(messages({ email: ' a@example.com ', password: '123456' })).toEqual([]);
  });
});

describe('error catalogue (spec §8)', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Server Error'],
    [418, 'Error 418'],
    [503, 'Error 503'],
  ])('%i → %s', (status, title) => {
    expect(errorTitleForStatus(status)).toBe(title);
  });
});

describe('roles and permissions', () => {
  it('maps unknown role codes to UNMAPPED', () => {
    expect(toRole('GLOBAL_ADMIN')).toBe('GLOBAL_ADMIN');
    expect(toRole('SUPERUSER')).toBe('UNMAPPED');
    expect(toRole(undefined)).toBe('UNMAPPED');
  });

  it('covers every role and resource', () => {
    for (const role of ROLES) expect(Object.keys(PERMISSIONS[role]).sort()).toEqual([...RESOURCES].sort());
  });

  it('lets only a global admin approve ads', () => {
    expect(ROLES.filter((role) => can(role, 'ads', 'approve'))).toEqual(['GLOBAL_ADMIN']);
  });

  it('gives UNMAPPED nothing but its profile', () => {
    for (const resource of RESOURCES) {
      expect(can('UNMAPPED', resource, 'read')).toBe(resource === 'profile');
    }
  });

  it('keeps outlet roles away from billing of advertisers and company roles away from screens', () => {
    expect(scopeOf('OUTLET_ADMIN', 'adTransactions', 'read')).toBe('none');
    expect(scopeOf('COMPANY_ADMIN', 'screens', 'read')).toBe('none');
    expect(scopeOf('OUTLET_ADMIN', 'screens', 'update')).toBe('own');
  });
});
