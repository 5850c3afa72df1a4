import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError, serializeRequest } from './log-serializers.ts';

describe('serializeError', () => {
  it('keeps the statement and the cause but not the values of a failed query', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['a@b.c', hash],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('a@b.c');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('duplicate key value');
  });

  it('leaves other errors as pino writes them', () => {
    expect(serializeError(new Error('plain'))).toMatchObject({ type: 'Error', message: 'plain' });
  });
});

describe('serializeRequest', () => {
  it("leaves a one-time link's token out of the logged URL and keeps the rest", () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/set-password?token=s3cr3t-Token_value&from=mail',
      host: 'ads.example.com',
      ip: '203.0.113.7',
      socket: { remotePort: 51234 },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/set-password?token=[redacted]&from=mail',
      version: undefined,
      host: 'ads.example.com',
      remoteAddress: '203.0.113.7',
      remotePort: 51234,
    });
    expect(serializeRequest({ method: 'POST', url: '/api/auth/login' }).url).toBe('/api/auth/login');
  });
});
