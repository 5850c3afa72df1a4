import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@adloop/contract/constants';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { signToken } from '../src/modules/auth/tokens.ts';
import { createUser } from './helpers/factories.ts';
import { bearer, loginAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('staff auth on %s', (kind) => {
  const t = useTestApp(kind);

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('signs in with the right password and answers token, user and expiry', async () => {
    const user = await createUser(t.db, { role: 'COMPANY_ADMIN', name: 'Asha Rao' });
    const response = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.user).toEqual({
      id: user.id,
      name: 'Asha Rao',
      email: user.email,
      phone_number: null,
      role: 'COMPANY_ADMIN',
      must_change_password: false,
      alert_emails: true,
    });
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
    // Decision 076: a device token for the browser's next sign-in, which is no session itself.
    expect(data.device_token.split('.')).toHaveLength(3);
    expect(data.device_token).not.toBe(data.token);
  });

  it('verifies a token and returns its user', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email).toBe(user.email);
  });

  it('maps an unknown role code to UNMAPPED', async () => {
    const user = await createUser(t.db, { role: 'LEGACY_SUPERVISOR' });
    const token = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
    expect(response.json().data.user.role).toBe('UNMAPPED');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('logout revokes the token; other sessions of the user keep working', async () => {
    const user = await createUser(t.db);
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(first) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('UNAUTHORIZED');
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(second) });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a deactivated user at sign-in and ends their sessions', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
    expect(verify.statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
  });

  it('locks an account after repeated failures with 429, even for the right password', async () => {
    const user = await createUser(t.db);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles an unknown email the same way, so a 429 reveals nothing', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt += 1) {
      statuses.push((await login({ email: 'ghost@example.com', password: 'whatever' })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  });

  it('a successful sign-in clears earlier failures', async () => {
    const user = await createUser(t.db);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; attempt += 1) {
      await login({ email: user.email, password: 'wrong-password' });
    }
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  describe('bad input is a 4xx naming the problem', () => {
    it.each([
      ['missing email', { password: 'secret1' }, 'body.email'],
      ['email of the wrong type', { email: 42, password: 'secret1' }, 'body.email'],
      ['malformed email', { email: 'not-an-email', password: 'secret1' }, 'body.email'],
      ['empty password', { email: 'a@example.com', password: '' }, 'body.password'],
      ['unknown field', { email: 'a@example.com', password: 'secret1', admin: true }, 'admin'],
    ])('%s → 400', async (_case, payload, named) => {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().message).toContain(named);
    });

    /** A sign-in body sent as is, of the given content type. */
    const postRawLogin = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

    it('malformed JSON → 400 INVALID_JSON', async () => {
      const response = await postRawLogin('application/json', '{"email": "a@example.com",');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_JSON');
    });

    it('a 10 MB body → 413', async () => {
      const response = await postRawLogin(
        'application/json',
        JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10 * 1024 * 1024) }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    });

    it('a non-JSON content type → 415', async () => {
      const response = await postRawLogin('application/xml', '<login email="a"/>');
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('tokens', () => {
    const verifyWith = (authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        headers: authorization ? { authorization } : {},
      });

    it('no token → 401', async () => {
      const response = await verifyWith();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Missing bearer token', code: 'UNAUTHORIZED' });
    });

    it('garbage, a screen-audience token, an unsigned token and an expired one → 401', async () => {
      const user = await createUser(t.db);
      const token = await loginAs(t.app, user);
      const [, payload] = token.split('.');
      const sid = JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid;
      const screenAudience = await signToken(t.jwtSecret, {
        sub: user.id,
        sid,
        aud: 'screen',
        expiresAt: new Date(Date.now() + 60_000),
      });
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      const expired = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('adloop')
        .setAudience('staff')
        .setSubject(user.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(t.jwtSecret);
      const otherSecret = await signToken(new Uint8Array(32).fill(7), {
        sub: user.id,
        sid,
        aud: 'staff',
        expiresAt: new Date(Date.now() + 60_000),
      });
      for (const bad of [
        'Bearer nonsense',
        `Bearer ${screenAudience}`,
        `Bearer ${unsigned}`,
        `Bearer ${expired}`,
        `Bearer ${otherSecret}`,
      ]) {
        const response = await verifyWith(bad);
        expect(response.statusCode, bad).toBe(401);
      }
      expect((await verifyWith(`Bearer ${token}`)).statusCode).toBe(200);
    });

    it('a token in the user-token cookie alone → 401: only the Authorization header is read (decision 078)', async () => {
      const token = await loginAs(t.app, await createUser(t.db));
      for (const url of ['/api/auth/verify', '/api/auth/logout']) {
        const response = await t.app.inject({ method: 'POST', url, headers: { cookie: `user-token=${token}` } });
        expect(response.statusCode, url).toBe(401);
      }
      expect((await verifyWith(`Bearer ${token}`)).statusCode).toBe(200);
    });
  });
});
