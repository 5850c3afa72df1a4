import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IntegrationScope } from '@adloop/contract/integration-tokens';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { DatabaseKind } from '../../src/db/client.ts';
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
