import { serverRetryDelayMs } from '@/features/display/lib/play-sender';
import { type ServerSentEvent, SseParser } from '@/features/display/lib/sse-parser';
import { retryAfterToMs } from '@/lib/http';

const FIRST_RECONNECT_MS = 1_000;
const MAX_RECONNECT_MS = 30_000;
/** The server sends a keepalive every 25 s; this long without a byte means the connection died quietly. */
const SILENCE_LIMIT_MS = 60_000;

export type ScreenEventsOptions = {
  token: () => string | null;
  onEvent: (event: ServerSentEvent) => void;
  /** The server refused the token: the session is over. */
  onUnauthorized: () => void;
};

/** The backoff, or the server's Retry-After (jittered, as every screen request honours it) when that is longer. */
export function reconnectDelayMs(backoffMs: number, retryAfterMs: number | null, random: () => number = Math.random) {
  return retryAfterMs === null ? backoffMs : Math.max(backoffMs, serverRetryDelayMs(retryAfterMs, random));
}

/**
 * Listens to GET /api/screen-auth/events and reconnects with backoff whenever the stream ends.
 * Uses fetch rather than EventSource, which cannot send the bearer token, and rather than the
 * shared HTTP client, which reads whole bodies; a dropped stream is expected, not toasted.
 * Answers a function that closes the stream for good.
 */
export function openScreenEvents(options: ScreenEventsOptions): () => void {
  let closed = false;
  let controller: AbortController | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RECONNECT_MS;

  const scheduleReconnect = (retryAfterMs: number | null) => {
    if (closed) return;
    reconnectTimer = setTimeout(connect, reconnectDelayMs(delay, retryAfterMs));
    delay = Math.min(delay * 2, MAX_RECONNECT_MS);
  };

  const read = async (response: Response, current: AbortController) => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    const parser = new SseParser();
    let silence = setTimeout(() => current.abort(), SILENCE_LIMIT_MS);
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(() => current.abort(), SILENCE_LIMIT_MS);
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          // A greeting proves the connection works, so the next drop retries quickly again.
          if (event.event === 'hello') delay = FIRST_RECONNECT_MS;
          options.onEvent(event);
        }
      }
    } finally {
      clearTimeout(silence);
    }
  };

  async function connect() {
    const token = options.token();
    if (closed || !token) return;
    const current = new AbortController();
    controller = current;
    let retryAfterMs: number | null = null;
    try {
      const response = await fetch('/api/screen-auth/events', {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        credentials: 'include',
        signal: current.signal,
      });
      if (response.status === 401 || response.status === 403) {
        options.onUnauthorized();
        return;
      }
      if (response.ok) await read(response, current);
      // A server shedding screen traffic (503) says how long to stay away.
      else retryAfterMs = retryAfterToMs(response.headers.get('retry-after'));
    } catch (error) {
      if (!closed) console.warn('Screen event stream dropped; reconnecting', error);
    }
    scheduleReconnect(retryAfterMs);
  }

  void connect();
  return () => {
    closed = true;
    clearTimeout(reconnectTimer);
    controller?.abort();
  };
}
