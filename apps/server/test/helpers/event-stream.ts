import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearer } from './sign-in.ts';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Starts the app on a free local port, for clients that need a real socket (event streams): its origin. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A screen's server-sent event stream, read frame by frame; what arrived between waits is kept. */
export function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;

  /** Every event up to and including the first that is `wanted` (a name or a test); other events are passed over. */
  async function until(wanted: string | ((event: StreamEvent) => boolean), timeoutMs = 5000) {
    const matches = typeof wanted === 'string' ? (seen: StreamEvent) => seen.event === wanted : wanted;
    const name = typeof wanted === 'string' ? wanted : 'the awaited';
    const seen: StreamEvent[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(frame)?.[1];
        if (event) {
          seen.push({ event, data: JSON.parse(/^data: (.+)$/m.exec(frame)?.[1] ?? 'null') });
          if (matches(seen.at(-1)!)) return seen;
        }
        end = buffer.indexOf('\n\n');
      }
      if (ended) throw new Error(`stream ended before ${name} event`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no ${name} event in time`)), deadline - Date.now());
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    until,
    /** The data of the next `wanted` event. */
    next: async (wanted: string, timeoutMs = 5000): Promise<unknown> => (await until(wanted, timeoutMs)).at(-1)!.data,
    /** Whether the server ends the stream within the time. */
    async ended(timeoutMs = 5000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) {
        const chunk = await reader.read();
        if (chunk.done) ended = true;
      }
      return ended;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** Opens a screen's event stream at `origin` with its token, and reads it. */
export async function openScreenEvents(origin: string, token: string) {
  const response = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(token) });
  if (response.status !== 200) throw new Error(`event stream refused: ${response.status}`);
  return readEvents(response.body!);
}

/** An ads-changed event that names the ad. */
export const adsChangedFor = (adId: string) => (seen: StreamEvent) =>
  seen.event === 'ads-changed' && (seen.data as { ad_ids: string[] }).ad_ids.includes(adId);
