/** The client's error catalogue (spec §8): toast title by HTTP status. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';
export const NO_RESPONSE_TITLE = 'No Response';
export const NO_RESPONSE_MESSAGE = 'Server did not respond. Please check your connection.';
export const REQUEST_ERROR_TITLE = 'Request Error';
export const NO_ACCESS_TOKEN = 'No access token';
export const NO_SCREEN_ACCESS_TOKEN = 'No screen access token';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Server Error',
};

export function errorTitleForStatus(status: number): string {
  return TITLES[status] ?? `Error ${status}`;
}

/** Machine-readable codes the API puts in `code` of an error body (docs/design.md §4). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  /** Signed in with a temporary password: only the profile and password change answer until it is changed. */
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  /** A one-time link or step that was used, expired or replaced (410; decision 089). */
  'GONE',
  /** The mail server did not take an e-mail the request was to send (502; decision 089). */
  'EMAIL_NOT_SENT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The server or its database is busy or away for a moment; `Retry-After` says when to try again. */
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
