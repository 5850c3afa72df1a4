import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { DatabaseKind } from '../../src/db/client.ts';
import { validateResponses } from './response-validation.ts';
import { openMigratedDatabase, TEST_ADMISSION, type TestApp } from './test-app.ts';

export interface ListeningApp extends Pick<TestApp, 'app' | 'db' | 'mediaDir'> {
  port: number;
  /** What the server logged as a warning or an error: every 5xx (a 503 is a warning), read by a client or not. */
  problems: string[];
  /** Every status the server wrote, read on its side of the socket. */
  written: string[];
  close(): Promise<void>;
}

/**
 * The app as createTestApp builds it, listening on a free local port, with a logger into the test:
 * for tests that talk to the server over real sockets and must see a 5xx even when its client is gone.
 */
export async function startListeningApp(
  kind: DatabaseKind,
  options: { uploadLimits?: AppOptions['uploadLimits'] } = {},
): Promise<ListeningApp> {
  const { database, drop } = await openMigratedDatabase(kind);
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'adloop-media-'));
  const problems: string[] = [];
  const written: string[] = [];
  const app = await buildApp({
    database,
    jwtSecret: randomBytes(32),
    mediaDir,
    admission: TEST_ADMISSION,
    uploadLimits: options.uploadLimits,
    logger: { level: 'warn', stream: { write: (line: string) => problems.push(line.slice(0, 400)) } },
  });
  // Its answers are held to the OpenAPI document as every test app's are (decision 094).
  validateResponses(app);
  app.server.prependListener('request', (request, response) => {
    response.on('close', () => {
      if (response.headersSent) written.push(`${response.statusCode} ${request.method} ${request.url?.slice(0, 80)}`);
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    db: database.db,
    mediaDir,
    port: (app.server.address() as AddressInfo).port,
    problems,
    written,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
