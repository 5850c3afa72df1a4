import { errorBodySchema } from '@adloop/contract/api';
import { z } from 'zod';

/** Error responses every staff route may answer, declared once for OpenAPI. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
} as const;

/** What a route answered with a screen's token may refuse: a bad body, no valid screen session, a busy server (decision 045). */
export const screenErrorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;

/**
 * OpenAPI security requirements, by the schemes plugins/docs.ts declares. A staff route takes a
 * signed-in user's session token or an integration token (`adl_…`); the caller's own profile and
 * password take the session only; a screen route the screen's token; a public route none.
 */
type Security = Array<Record<string, string[]>>;
export const staffSecurity: Security = [{ staffToken: [] }, { integrationToken: [] }];
export const staffSessionSecurity: Security = [{ staffToken: [] }];
export const screenSecurity: Security = [{ screenToken: [] }];
export const publicSecurity: Security = [];

/**
 * A non-JSON answer documented by its content type (CSV, an event stream, a page, a JPEG): its body
 * is text, or bytes when `binary`. The route sends a string, a Buffer or a stream; zod checks none.
 */
export function contentResponse(description: string, contentType: string, binary = false) {
  const schema = z.any().meta(binary ? { type: 'string', contentMediaType: contentType } : { type: 'string' });
  return { description, content: { [contentType]: { schema } } };
}
