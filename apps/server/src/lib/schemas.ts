import { errorBodySchema } from '@adloop/contract/api';

/** Error responses every route may answer, declared once for OpenAPI. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
} as const;
