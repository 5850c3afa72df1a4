import { describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.ts';
import { loginAs, signInAs, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('profile and password API on %s', (kind) => {
  const t = useTestApp(kind);

  const call = staffRequests(t);

  it('every role, UNMAPPED too, edits its own name and phone', async () => {
    const token = await signInAs(t, 'UNMAPPED');
    const response = await call('PATCH', '/api/auth/profile', token, {
      name: 'Nisha',
      phone_number: '+91 99000 11122',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      name: 'Nisha',
      phone_number: '+91 99000 11122',
      role: 'UNMAPPED',
    });
    const cleared = await call('PATCH', '/api/auth/profile', token, { phone_number: null });
    expect(cleared.json().data.user.phone_number).toBeNull();
  });

  it.each([
    [{ name: '' }, 'body.name'],
    [{ phone_number: 'abc' }, 'body.phone_number'],
    [{ role: 'GLOBAL_ADMIN' }, 'body'],
    [{ email: 'me@else.example' }, 'body'],
  ])('refuses %o naming %s', async (payload, path) => {
    const token = await signInAs(t, 'COMPANY_EMPLOYEE');
    const response = await call('PATCH', '/api/auth/profile', token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('changing the password keeps this session, ends the others, and the new password signs in', async () => {
    const user = await createUser(t.db, { role: 'OUTLET_ADMIN', password: 'old-secret' });
    const here = await loginAs(t.app, user);
    const elsewhere = await loginAs(t.app, user);
    const wrong = await call('POST', '/api/auth/change-password', here, {
      current_password: 'not-it',
      new_password: 'new-secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'current_password', message: 'Current password is incorrect' }]);
    const same = await call('POST', '/api/auth/change-password', here, {
      current_password: 'old-secret',
      new_password: 'old-secret',
    });
    expect(same.json().details[0].path).toBe('body.new_password');
    const short = await call('POST', '/api/auth/change-password', here, {
      current_password: 'old-secret',
      new_password: '12345',
    });
    expect(short.json().details[0].path).toBe('body.new_password');

    const ok = await call('POST', '/api/auth/change-password', here, {
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(ok.statusCode).toBe(204);
    expect((await call('POST', '/api/auth/verify', here)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/verify', elsewhere)).statusCode).toBe(401);
    await expect(loginAs(t.app, { email: user.email, password: 'new-secret' })).resolves.toBeTruthy();
    await expect(loginAs(t.app, user)).rejects.toThrow();
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', payload: { name: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});
