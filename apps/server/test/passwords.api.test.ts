import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from '../src/modules/auth/password-policy.ts';
import { generateTemporaryPassword } from '../src/modules/auth/passwords.ts';
import { seedOnFirstStart } from '../src/seed/seed.ts';
import { createOutlet, createUser } from './helpers/factories.ts';
import { bearer, loginAs, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, openMigratedDatabase, useTestApp } from './helpers/test-app.ts';

/** New staff passwords follow NIST 800-63B (decision 040); sign-in keeps the spec's minimum of 6. */
describe.each(databaseKinds)('new staff passwords on %s', (kind) => {
  const t = useTestApp(kind);

  it.each([
    ['aaaaaa', 'body.new_password', 'Password must be at least 8 characters'],
    ['1234567', 'body.new_password', 'Password must be at least 8 characters'],
    ['password', 'new_password', 'This password is too common; choose another'],
    ['Qwertyuiop', 'new_password', 'This password is too common; choose another'],
    ['iloveyou1', 'new_password', 'This password is too common; choose another'],
    ['zzzzzzzzzz', 'new_password', 'This password is too common; choose another'],
  ])('refuses %s with 400 naming %s', async (password, path, message) => {
    const user = await createUser(t.db, { role: 'OUTLET_ADMIN', password: 'old-secret' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(await loginAs(t.app, user)),
      payload: { current_password: 'old-secret', new_password: password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, message });
  });

  it('refuses the account email as the password, accepts a passphrase, and a 6-character password still signs in', async () => {
    const user = await createUser(t.db, { email: 'mira.k@cafe.example', password: 'oldpw1' });
    const token = await loginAs(t.app, user);
    const change = (new_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { current_password: 'oldpw1', new_password },
      });
    for (const password of ['Mira.K@cafe.example', 'mira.k@cafe.example']) {
      const refused = await change(password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Password must not be your email address');
    }
    expect((await change('mira.k-likes-tea')).statusCode).toBe(204);
  });

  it('temporary passwords from onboarding and resets pass the rule', async () => {
    const admin = await signInAs(t);
    const outlet = await createOutlet(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 'New', email: 'new.staff@cafe.example', role: 'OUTLET_EMPLOYEE', outlet_ids: [outlet.id] },
    });
    expect(newPasswordProblem(created.json().data.temporary_password, 'new.staff@cafe.example')).toBeNull();
    for (let i = 0; i < 2000; i += 1) expect(newPasswordProblem(generateTemporaryPassword(), '')).toBeNull();
  });

  it('the first start refuses a common ADMIN_PASSWORD', async () => {
    const fresh = await openMigratedDatabase(kind);
    try {
      await expect(
        seedOnFirstStart(fresh.database.db, {
          adminEmail: 'admin@example.com',
          adminPassword: 'password123',
          seedDemo: false,
          mediaDir: '/nonexistent',
        }),
      ).rejects.toThrow('ADMIN_PASSWORD or DEMO_USER_PASSWORD refused: This password is too common; choose another');
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
