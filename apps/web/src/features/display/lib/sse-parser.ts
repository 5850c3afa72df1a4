export type ServerSentEvent = { event: string; data: string };

/**
 * Turns the text of an event stream into events, chunk by chunk (the HTML server-sent events
 * format: `field: value` lines, a blank line ends an event, `:` lines are comments). Read by
 * hand because the stream needs a bearer token, which EventSource cannot send.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(chunk: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let text = this.buffer + chunk;
    // A trailing \r may be the first half of a \r\n that the next chunk completes.
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const lines = text.split(/\r\n|\r|\n/);
    // The last piece has no line end yet.
    this.buffer = (lines.pop() ?? '') + held;
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return events;
  }
}
