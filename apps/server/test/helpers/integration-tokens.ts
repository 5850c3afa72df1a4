import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IntegrationScope } from '@adloop/contract/integration-tokens';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { Database, DatabaseKind } from '../../src/db/client.ts';
import { integrationTokens } from '../../src/db/schema.ts';
import { hashIntegrationSecret, newIntegrationSecret } from '../../src/modules/auth/integration-token-auth.ts';
import { validateResponses } from './response-validation.ts';
import { bearer } from './sign-in.ts';
import { openMigratedDatabase, TEST_ADMISSION, type TestApp } from './test-app.ts';

/**
 * Creates an integration token through the API as the signed-in `session` (a person's bearer):
 * the created row with its secret in `token`; the answer must be a 201.
 */
export async function createIntegrationToken(
  app: FastifyInstance,
  session: string,
  body: { name?: string; scopes: IntegrationScope[]; company_id?: string | null; expires_at?: string | null },
): Promise<{ id: string; token: string; company_id: string | null; [key: string]: unknown }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/integration-tokens',
    headers: bearer(session),
    payload: { name: 'Nightly sync', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** The app as createTestApp builds it, with integration tokens' options of its own (a small rate limit). */
export async function createTestAppWith(
  kind: DatabaseKind,
  integrationTokens: AppOptions['integrationTokens'],
): Promise<TestApp> {
  const { database, drop } = await openMigratedDatabase(kind);
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const jwtSecret = randomBytes(32);
  const app = await buildApp({ database, jwtSecret, mediaDir, admission: TEST_ADMISSION, integrationTokens });
  validateResponses(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    jwtSecret,
    mediaDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * An integration token inserted straight into the database (a row for tests that aim at
 * /api/integration-tokens/{id}, such as the fuzz): its id and its secret.
 */
export async function insertIntegrationToken(
  db: Database,
  createdBy: string,
  overrides: Partial<typeof integrationTokens.$inferInsert> = {},
): Promise<{ id: string; secret: string }> {
  const secret = newIntegrationSecret();
  const [row] = await db
    .insert(integrationTokens)
    .values({
      name: 'Fixture token',
      tokenHash: hashIntegrationSecret(secret),
      lastFour: secret.slice(-4),
      scopes: ['ads:read'],
      createdBy,
      ...overrides,
    })
    .returning({ id: integrationTokens.id });
  return { id: row!.id, secret };
}
