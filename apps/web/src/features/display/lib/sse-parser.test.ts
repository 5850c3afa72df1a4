import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('server-sent event parser', () => {
  it('reads named events, ignores comments and retry lines', () => {
    const parser = new SseParser();
    const events = parser.push(
      'retry: 5000\n\nevent: hello\ndata: {"screen_id":"s"}\n\n: keepalive\n\nevent: ads-changed\ndata: {"ad_ids":["a"]}\n\n',
    );
    expect(events).toEqual([
      { event: 'hello', data: '{"screen_id":"s"}' },
      { event: 'ads-changed', data: '{"ad_ids":["a"]}' },
    ]);
  });

  it('joins events split across chunks, including a \\r\\n split in two', () => {
    const parser = new SseParser();
    expect(parser.push('event: session-ended\r')).toEqual([]);
    expect(parser.push('\ndata: {"reason":')).toEqual([]);
    expect(parser.push('"disabled"}\r\n\r\n')).toEqual([{ event: 'session-ended', data: '{"reason":"disabled"}' }]);
  });

  it('joins several data lines with a newline', () => {
    expect(new SseParser().push('data: one\ndata: two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
