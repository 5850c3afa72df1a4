import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MINUTES } from '../src/modules/auth/auth.service.ts';
import { signToken } from '../src/modules/auth/tokens.ts';
import { createOutlet } from './helpers/factories.ts';
import { bearer, signedIn, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * The first sign-in with a temporary password is one step (decision 089): the sign-in answers a
 * short-lived token with which this session chooses its own password, without the temporary one.
 */
describe.each(databaseKinds)('first sign-in on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);

  let sequence = 0;
  /** A user onboarded by an admin with a temporary password, signed in with it: the sign-in's answer. */
  async function firstSignIn() {
    sequence += 1;
    const admin = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const outlet = await createOutlet(t.db);
    const email = `first${sequence}@cafe.example`;
    const created = await call('POST', '/api/users', admin.token, {
      name: 'First Timer',
      email,
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outlet.id],
    });
    const temporary = created.json().data.temporary_password as string;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: temporary },
    });
    expect(login.statusCode).toBe(200);
    const data = login.json().data as { token: string; password_change_token?: string; user: { id: string } };
    return { email, temporary, token: data.token, changeToken: data.password_change_token, userId: data.user.id };
  }

  const choose = (token: string, password_change_token: string, new_password: string) =>
    call('POST', '/api/auth/choose-password', token, { password_change_token, new_password });

  it('answers a change token with a temporary password only, and choosing with it opens the dashboard for this session', async () => {
    const first = await firstSignIn();
    expect(first.changeToken).toEqual(expect.any(String));
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.email, password: first.temporary },
    });

    const weak = await choose(first.token, first.changeToken!, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([
      { path: 'new_password', message: 'This password is too common; choose another' },
    ]);
    const same = await choose(first.token, first.changeToken!, first.temporary);
    expect(same.statusCode).toBe(400);
    expect(same.json().details).toEqual([
      { path: 'new_password', message: 'New password must differ from the temporary one' },
    ]);

    expect((await choose(first.token, first.changeToken!, 'my-own-passphrase')).statusCode).toBe(204);
    expect((await call('GET', '/api/ads', first.token)).statusCode).toBe(200);
    const verify = await call('POST', '/api/auth/verify', first.token);
    expect(verify.json().data.user.must_change_password).toBe(false);
    // The other session signed in with the temporary password ends.
    expect((await call('POST', '/api/auth/verify', other.json().data.token)).statusCode).toBe(401);

    const again = await choose(first.token, first.changeToken!, 'another-passphrase');
    expect(again.statusCode).toBe(409);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.email, password: 'my-own-passphrase' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.password_change_token).toBeUndefined();
  });

  it("refuses another session's token, a token run out, and a token that is not one with 410", async () => {
    const first = await firstSignIn();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.email, password: first.temporary },
    });
    const otherSession = second.json().data.password_change_token as string;
    const ranOut = await signToken(t.jwtSecret, {
      sub: first.userId,
      sid: 'any',
      aud: 'password-change',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const token of [otherSession, ranOut, first.token, 'not-a-token']) {
      const refused = await choose(first.token, token, 'my-own-passphrase');
      expect(refused.statusCode, token).toBe(410);
      expect(refused.json().message).toBe('This step has timed out; type your temporary password to choose a new one');
    }
    // The temporary password still works the long way.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(first.token),
      payload: { current_password: first.temporary, new_password: 'my-own-passphrase' },
    });
    expect(changed.statusCode).toBe(204);
  });

  it(`the change token lives ${PASSWORD_CHANGE_MINUTES} minutes and needs a signed-in session`, async () => {
    const first = await firstSignIn();
    const [, payload] = first.changeToken!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(PASSWORD_CHANGE_MINUTES * 60);
    expect(claims.aud).toBe('password-change');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/choose-password',
      payload: { password_change_token: first.changeToken, new_password: 'my-own-passphrase' },
    });
    expect(unsigned.statusCode).toBe(401);
    // Nor is the change token a staff token.
    expect((await call('POST', '/api/auth/verify', first.changeToken!)).statusCode).toBe(401);
  });
});
