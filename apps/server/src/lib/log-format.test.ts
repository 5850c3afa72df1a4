import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { readableLine, readableLogStream, resolveLogFormat } from './log-format.ts';

describe('log format', () => {
  it('is readable on a terminal outside production, JSON elsewhere, and as asked', () => {
    expect(resolveLogFormat('auto', { nodeEnv: 'development', isTty: true })).toBe('pretty');
    expect(resolveLogFormat('auto', { nodeEnv: 'production', isTty: true })).toBe('json');
    expect(resolveLogFormat('auto', { nodeEnv: 'development', isTty: false })).toBe('json');
    expect(resolveLogFormat('json', { nodeEnv: 'development', isTty: true })).toBe('json');
    expect(resolveLogFormat('pretty', { nodeEnv: 'production', isTty: false })).toBe('pretty');
  });

  it("writes a request's line with its method, path, status and time, and other fields as key=value", () => {
    const time = new Date(2026, 10, 27, 14, 3, 7).getTime();
    const line = readableLine(
      JSON.stringify({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
        responseTime: 4.21,
        msg: 'request completed',
        bus: 'in-process',
        note: 'two words',
      }),
    );
    expect(line).toBe(
      '14:03:07 INFO  request completed GET /api/health 200 4.2 ms bus=in-process note="two words" reqId=req-1',
    );
  });

  it("puts an error's stack under its line, and passes through what is not JSON", () => {
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'boom',
        err: { type: 'Error', message: 'x', stack: 'Error: x\n    at f' },
      }),
    );
    expect(line.split('\n')).toEqual([expect.stringMatching(/ ERROR boom$/), '  Error: x', '      at f']);
    expect(readableLine('plain text')).toBe('plain text');
  });

  it("turns pino's own output into one readable line an event", async () => {
    const out = new PassThrough();
    const written: string[] = [];
    out.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const log = pino({ level: 'info' }, readableLogStream(out));
    log.info({ screens: 3 }, 'server listening');
    log.warn('slow');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = written.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}server listening screens=3$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN {2}slow$/);
  });
});
