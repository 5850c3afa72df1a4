import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-serializers.ts';

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
