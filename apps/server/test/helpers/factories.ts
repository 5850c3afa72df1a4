import { randomBytes } from 'node:crypto';
import type { Role } from '@adloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/modules/auth/passwords.ts';

let sequence = 0;

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

/** Inserts a staff user straight into the database; the password comes back for signing in. */
export async function createUser(
  db: Database,
  overrides: Partial<{ email: string; name: string; role: Role | string; password: string; isActive: boolean }> = {},
): Promise<CreatedUser> {
  sequence += 1;
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const email = overrides.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? `Test User ${sequence}`,
      role: overrides.role ?? 'GLOBAL_ADMIN',
      passwordHash: await hashSecret(password),
      isActive: overrides.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return { id: row.id, email, password };
}

/** Signs in through the API, as the dashboard does, and returns the bearer token. */
export async function loginAs(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
