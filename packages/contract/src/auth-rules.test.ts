import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBodySchema, loginFormSchema } from './auth.ts';
import { LOGIN_FORM_MESSAGES, loginFormErrors } from './auth-rules.ts';

describe('the sign-in rule without zod (decision 055)', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'Email is required', password: 'Password is required' },
    ],
    [
      { email: '   ', password: '12345' },
      { email: 'Email is required', password: 'Password must be at least 6 characters' },
    ],
    [
      { email: 'nope', password: ' ' },
      { email: 'Invalid email address', password: 'Password must be at least 6 characters' },
    ],
    [{ email: ' a@example.com ', password: '      ' }, {}],
    [{ email: 'a@example.com', password: '123456' }, {}],
  ])('%o → %o', (form, errors) => {
    expect(loginFormErrors(form)).toEqual(errors);
  });

  it('is what the form schema reports, field by field', () => {
    const result = loginFormSchema.safeParse({ email: 'nope', password: '' });
    expect(result.success ? [] : result.error.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['email', LOGIN_FORM_MESSAGES.emailInvalid],
      ['password', LOGIN_FORM_MESSAGES.passwordRequired],
    ]);
  });

  // The API checks the body with z.email(): an address the form lets through must not come back as a 400.
  it.each([
    'a@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'a_b-c@x-y.example.com',
    'user@localhost',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a@-example.com',
    'a@example.c',
    'a@example..com',
    'a b@example.com',
    'a@@example.com',
    'ä@example.com',
    'a@exämple.com',
    '@example.com',
    'a@',
  ])('agrees with z.email() on %s', (email) => {
    const formSays = loginFormErrors({ email, password: '123456' }).email === undefined;
    expect(formSays).toBe(z.email().safeParse(email).success);
    expect(formSays).toBe(loginBodySchema.safeParse({ email, password: '123456' }).success);
  });
});
