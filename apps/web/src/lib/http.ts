import {
  ERROR_CODES,
  type ErrorCode,
  errorTitleForStatus,
  FALLBACK_ERROR_MESSAGE,
  NO_RESPONSE_MESSAGE,
  NO_RESPONSE_TITLE,
  REQUEST_ERROR_TITLE,
} from '@adloop/contract/errors';
import { toast } from '@/lib/toast';
import { readUserToken } from '@/lib/user-token';

/** The one HTTP client (spec §7): same origin, JSON, credentials included, no timeout. */

export type ApiErrorCode = ErrorCode | 'NO_RESPONSE' | 'REQUEST_ERROR' | 'UNKNOWN';
export type ApiErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: ApiErrorDetail[];
  /** How long the server asked to wait before trying again (`Retry-After` on a 429 or 503), if it said. */
  readonly retryAfterMs: number | null;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details: ApiErrorDetail[] = [],
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterMs = retryAfterMs;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when FormData (uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** A token of the caller's own (e.g. a screen token); defaults to the stored staff token. */
  token?: string | null;
  /** false sends no Authorization header at all. */
  auth?: boolean;
  /** Skip the error toast; only for calls whose failure the spec says is merely logged. */
  silent?: boolean;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: RequestOptions['query']): URL {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Where lib/early-requests.ts leaves the answers it asked for before the app ran (decision 096). */
const EARLY_ANSWERS = Symbol.for('adloop.early-answers');

/** The answer the dashboard's document asked for early for this very request, once; else undefined. */
function takeEarlyResponse(method: string, url: URL, token: string | null): Promise<Response> | undefined {
  const answers = (globalThis as Record<symbol, Map<string, Promise<Response>> | undefined>)[EARLY_ANSWERS];
  if (!answers || token === null) return undefined;
  const key = `${method} ${url.pathname}${url.search} ${token}`;
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** The token a request carries: none, the one it names, or the stored staff token. */
function tokenFor(options: RequestOptions): string | null {
  return options.auth === false ? null : options.token !== undefined ? options.token : readUserToken();
}

function buildInit(options: RequestOptions, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, credentials: 'include', signal: options.signal };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return ERROR_CODES.some((code) => code === value);
}

function isDetail(value: unknown): value is ApiErrorDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

// Read by hand rather than with the contract's zod schema, so the screen player's bundle needs no zod for it.
/** The error of a failed answer, for callers that talk to the server without `request` (an upload with progress). */
export function toApiError(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const retryAfterMs = retryAfterToMs(retryAfter);
  if (typeof body !== 'object' || body === null) {
    return new ApiError(status, 'UNKNOWN', FALLBACK_ERROR_MESSAGE, [], retryAfterMs);
  }
  const message = 'message' in body && typeof body.message === 'string' && body.message ? body.message : null;
  const code = 'code' in body && isErrorCode(body.code) ? body.code : 'UNKNOWN';
  const details = 'details' in body && Array.isArray(body.details) ? body.details.filter(isDetail) : [];
  return new ApiError(status, code, message ?? FALLBACK_ERROR_MESSAGE, details, retryAfterMs);
}

/** `Retry-After` in seconds (the form this server sends); a date or nonsense counts as not said. */
export function retryAfterToMs(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
}

function titleOf(error: ApiError): string {
  if (error.code === 'NO_RESPONSE') return NO_RESPONSE_TITLE;
  if (error.code === 'REQUEST_ERROR') return REQUEST_ERROR_TITLE;
  return errorTitleForStatus(error.status);
}

/**
 * Shows the spec's toast (§8) for a failure; `request` does this itself, other transports call it.
 * The titles are the spec's, by status. The same failure of several requests at once (an ended
 * session refusing every list on the page) is one toast, not a stack of identical ones.
 */
export function toastApiError(error: ApiError) {
  const title = titleOf(error);
  toast.error(title, { description: error.message, id: `api-error ${title} ${error.message}` });
}

export function noResponseError(): ApiError {
  return new ApiError(0, 'NO_RESPONSE', NO_RESPONSE_MESSAGE);
}

const staffSessionListeners = new Set<() => void>();

/**
 * Called when a request made with the stored staff token is refused with 401: the session may
 * have been ended elsewhere (logout on another device, deactivation, password change).
 */
export function onStaffSessionRefused(listener: () => void): () => void {
  staffSessionListeners.add(listener);
  return () => staffSessionListeners.delete(listener);
}

function fail(error: ApiError, silent: boolean | undefined): never {
  if (!silent) toastApiError(error);
  throw error;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let url: URL;
  let init: RequestInit;
  const token = tokenFor(options);
  try {
    url = buildUrl(path, options.query);
    init = buildInit(options, token);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return fail(new ApiError(0, 'REQUEST_ERROR', message), options.silent);
  }

  let response: Response;
  let body: unknown;
  try {
    // The dashboard's document may have asked for this already (decision 096).
    response = await (takeEarlyResponse(init.method ?? 'GET', url, token) ?? fetch(url, init));
    body = await readJson(response);
  } catch (cause) {
    // A caller's own abort is not a failure of the server, so it is passed on untouched.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    if (cause instanceof TypeError) {
      return fail(noResponseError(), options.silent);
    }
    const message = cause instanceof Error ? cause.message : String(cause);
    return fail(new ApiError(0, 'REQUEST_ERROR', message), options.silent);
  }

  if (!response.ok) {
    const usedStaffToken = options.auth !== false && options.token === undefined;
    if (response.status === 401 && usedStaffToken) for (const listener of staffSessionListeners) listener();
    return fail(toApiError(response.status, body, response.headers.get('retry-after')), options.silent);
  }
  return body as T;
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'DELETE' }),
};
