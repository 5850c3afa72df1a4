import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './sign-in.ts';

/** What the server answers a batch of plays (decision 036). */
export interface IngestAnswer {
  stored: string[];
  duplicates: string[];
  refused: { id: string; reason: string }[];
}

/** Posts a screen's batch of plays and returns the answer, which must be a 200. */
export async function postPlays(app: FastifyInstance, screenToken: string, logs: object[]): Promise<IngestAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/playback-logs/log',
    headers: bearer(screenToken),
    payload: { logs },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as IngestAnswer;
}
