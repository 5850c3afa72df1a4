import { Writable } from 'node:stream';

/** How the server writes its log: one JSON object a line, or one line a person reads. */
export type LogFormat = 'json' | 'pretty';

/**
 * `auto` reads as `pretty` when the log goes to a person's terminal outside production, and as
 * JSON everywhere else (a file, a pipe, a container's collector), which log tools parse.
 */
export function resolveLogFormat(format: LogFormat | 'auto', env: { nodeEnv: string; isTty: boolean }): LogFormat {
  if (format !== 'auto') return format;
  return env.isTty && env.nodeEnv !== 'production' ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line already shows in its own place, or that only repeat what the process is. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

type LogRecord = Record<string, unknown> & {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
};

function scalar(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * One pino record as a line a person reads: `14:03:07 INFO  request completed GET /api/health
 * 200 4.2 ms reqId=req-1`, an error's stack under it. The clock is the machine's local time.
 */
export function readableLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[record.level ?? 30] ?? String(record.level)).padEnd(5);
  const parts = [time, level, record.msg ?? ''];
  if (record.req?.method) parts.push(`${record.req.method} ${record.req.url ?? ''}`);
  if (record.res?.statusCode !== undefined) parts.push(String(record.res.statusCode));
  if (typeof record.responseTime === 'number') parts.push(`${record.responseTime.toFixed(1)} ms`);
  for (const [key, value] of Object.entries(record)) {
    if (!SHOWN.has(key) && value !== undefined) parts.push(`${key}=${scalar(value)}`);
  }
  if (record.reqId !== undefined) parts.push(`reqId=${scalar(record.reqId)}`);
  const line = parts.filter((part) => part !== '').join(' ');
  if (!record.err) return line;
  const stack = record.err.stack ?? `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`;
  return `${line}\n  ${stack.split('\n').join('\n  ')}`;
}

/** A pino destination that writes each record as a readable line to `out`. */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${readableLine(line)}\n`);
      done();
    },
    final(done) {
      if (pending) out.write(`${readableLine(pending)}\n`);
      done();
    },
  });
}
