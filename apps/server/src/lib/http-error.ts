import type { ErrorCode } from '@adloop/contract/errors';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error that reaches the client as `{ message, code, details? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, 'BAD_REQUEST', message, details);
/** A 400 naming one field in its details, so a form shows the message beside that input. */
export const fieldError = (field: string, message: string) => badRequest(message, [{ path: field, message }]);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, 'FORBIDDEN', message);
export const passwordChangeRequired = () =>
  new HttpError(403, 'PASSWORD_CHANGE_REQUIRED', 'Change your temporary password before you continue');
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** 409 when rows still hang on the one to delete, saying how many of what and what to do instead. */
export function assertNothingAttached(what: string, attached: Array<readonly [number, string]>, advice: string): void {
  const held = attached.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);
  if (held.length > 0) throw conflict(`${what} still has ${held.join(' and ')}; ${advice}`);
}
