// The fleet's HTTP: one keep-alive pool for requests, one socket per event stream, every outcome counted.
import http from 'node:http';
import type { Metrics } from './metrics.ts';

const TIMEOUT_MS = 30_000;

export type Reply =
  | { ok: true; status: number; headers: http.IncomingHttpHeaders; body: string }
  | { ok: false; error: string };

export interface RequestOptions {
  route: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Staff and probes have sockets of their own, so a fleet filling its pool never queues them. */
  staff?: boolean;
  /** Which API process answers (an index into the client's ports); the first by default. */
  process?: number;
}

/** What one API process answered: requests and their outcomes (status, or the socket error). */
export interface ProcessTally {
  requests: number;
  outcomes: Record<string, number>;
}

/** The error kind of a failed request: timeout, or the socket error's code (ECONNREFUSED, ECONNRESET…). */
function errorKind(error: Error & { code?: string }, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  return error.code ?? 'connection-error';
}

/** The `message` of an error answer, or its first characters. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself says what happened.
  }
  return body.slice(0, 200);
}

export class HttpClient {
  readonly agent: http.Agent;
  private readonly streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  private readonly staffAgent = new http.Agent({ keepAlive: true, maxSockets: 8, timeout: 60_000 });

  /** Per API process, every request's and stream's outcome (decision 099). */
  readonly byProcess: ProcessTally[];

  constructor(
    /** One per API process: a screen picks its process by index. */
    private readonly ports: readonly number[],
    private readonly metrics: Metrics,
    connections: number,
  ) {
    this.byProcess = ports.map(() => ({ requests: 0, outcomes: {} }));
    // Free sockets are let go before the server's 72 s keep-alive ends, so a reused one is never a closed one.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: connections,
      maxFreeSockets: connections,
      timeout: 60_000,
    });
  }

  private tally(process: number, outcome: string) {
    const tally = this.byProcess[process]!;
    tally.requests += 1;
    tally.outcomes[outcome] = (tally.outcomes[outcome] ?? 0) + 1;
  }

  /** Requests waiting in the fleet for a pooled socket (the client, not the server, holding them up). */
  queued(): number {
    return Object.values(this.agent.requests).reduce((sum, waiting) => sum + (waiting?.length ?? 0), 0);
  }

  request(options: RequestOptions): Promise<Reply> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const startedAt = this.metrics.begin(options.route);
    return new Promise((resolve) => {
      let timedOut = false;
      let settled = false;
      const settle = (reply: Reply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.metrics.end(options.route, startedAt, reply.ok ? String(reply.status) : reply.error);
        this.tally(options.process ?? 0, reply.ok ? String(reply.status) : reply.error);
        if (reply.ok && reply.status >= 400)
          this.metrics.note(options.route, String(reply.status), messageOf(reply.body));
        resolve(reply);
      };
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.ports[options.process ?? 0],
          method: options.method,
          path: options.path,
          headers,
          agent: options.staff ? this.staffAgent : this.agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            settle({
              ok: true,
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', (error) => settle({ ok: false, error: errorKind(error, timedOut) }));
        },
      );
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timed out'));
      }, TIMEOUT_MS);
      request.on('error', (error) => settle({ ok: false, error: errorKind(error, timedOut) }));
      request.end(payload);
    });
  }

  /**
   * Opens a screen's event stream; `onFrame` gets each event's name. Resolves when the stream
   * says hello (or fails), with a closer; `onEnd` runs once when an open stream ends.
   */
  openStream(
    route: string,
    token: string,
    onFrame: (event: string, data: string) => void,
    onEnd: () => void,
    process = 0,
  ): Promise<{ ok: true; close(): void } | { ok: false; outcome: string }> {
    const startedAt = this.metrics.begin(route);
    return new Promise((resolve) => {
      let greeted = false;
      let settled = false;
      const finish = (outcome: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.metrics.end(route, startedAt, outcome);
        this.tally(process, outcome);
      };
      const request = http.get({
        host: '127.0.0.1',
        port: this.ports[process],
        path: '/api/screen-auth/events',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: this.streamAgent,
      });
      const timer = setTimeout(
        () => request.destroy(Object.assign(new Error('timed out'), { code: 'timeout' })),
        TIMEOUT_MS,
      );
      request.on('error', (error: Error & { code?: string }) => {
        if (greeted) return;
        finish(error.code ?? 'connection-error');
        resolve({ ok: false, outcome: error.code ?? 'connection-error' });
      });
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          finish(String(response.statusCode));
          resolve({ ok: false, outcome: String(response.statusCode) });
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const name = /^event: (.+)$/m.exec(frame)?.[1];
            if (name === 'hello' && !greeted) {
              greeted = true;
              finish('200');
              resolve({ ok: true, close: () => request.destroy() });
            }
            onFrame(name ?? 'comment', /^data: (.*)$/m.exec(frame)?.[1] ?? '');
          }
        });
        response.on('close', () => {
          if (!greeted) {
            finish('closed-before-hello');
            resolve({ ok: false, outcome: 'closed-before-hello' });
            return;
          }
          onEnd();
        });
      });
    });
  }
}
