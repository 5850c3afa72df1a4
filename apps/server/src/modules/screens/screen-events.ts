import { ADS_CHANGED_MAX_SPREAD_MS, ADS_CHANGED_SPREAD_PER_SCREEN_MS } from '@adloop/contract/constants';
import { SCREEN_EVENTS } from '@adloop/contract/screen';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusEvent } from '../../lib/event-bus.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { loadScreenPlace, screenEventScopeOf } from './screen-event-scope.ts';
import { STREAM_RETRY_AFTER_SECONDS, STREAMS_PER_SCREEN, screenStreamSlotsOf } from './screen-stream-slots.ts';

const KEEPALIVE_MS = 25_000;

/**
 * Streams server-sent events to one screen: `ads-changed` with the ids of the changed ads that
 * concern it, or none when anything may have changed (decision 043), `session-ended` when its
 * passcode was reset or it was disabled, `takeover` when an emergency takeover of this screen
 * started or ended (decision 035), `screenshot-requested` and `command` when staff asked for its
 * picture or told it to reload (decision 059). The player reads it with fetch (bearer auth), so no
 * token ever sits in a URL. A screen holds at most STREAMS_PER_SCREEN streams in this process; one
 * more is a 429 until one of them closes (decision 074).
 */
export async function streamScreenEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const screen = request.screen!;
  // Taken before any wait, so streams opened at once cannot all pass the count.
  const freeSlot = screenStreamSlotsOf(app).take(screen.screenId);
  if (!freeSlot) {
    throw tooManyRequests(
      `This screen already has ${STREAMS_PER_SCREEN} event streams open; close one or try again in ${STREAM_RETRY_AFTER_SECONDS} s`,
      STREAM_RETRY_AFTER_SECONDS,
    );
  }
  // Read before the stream opens, so a database failure is an ordinary error answer.
  const place = await loadScreenPlace(app.db, screen.screenId).catch((error: unknown) => {
    freeSlot();
    throw error;
  });
  reply.hijack();
  const raw = reply.raw;
  if (request.raw.socket.destroyed) {
    freeSlot();
    return;
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  raw.write('retry: 5000\n\n');
  send('hello', { screen_id: screen.screenId });

  // Every screen of this process hears a change at once: each reloads at a random moment of the spread.
  const leaveScope = screenEventScopeOf(app).join(screen.screenId, place, (adIds) =>
    send(SCREEN_EVENTS.adsChanged, {
      ad_ids: adIds ?? [],
      spread_ms: Math.min(ADS_CHANGED_MAX_SPREAD_MS, app.screenStreams.size * ADS_CHANGED_SPREAD_PER_SCREEN_MS),
    }),
  );
  const onEvent = (event: BusEvent) => {
    if (event.type === 'takeover.changed' && event.screenIds.includes(screen.screenId)) {
      send(SCREEN_EVENTS.takeover, { id: event.takeoverId, action: event.action });
    }
    if (event.type === 'screen.screenshot-requested' && event.screenId === screen.screenId) {
      send(SCREEN_EVENTS.screenshotRequested, { request_id: event.requestId });
    }
    if (event.type === 'screen.command' && event.screenId === screen.screenId) {
      send(SCREEN_EVENTS.command, { command: event.command });
    }
    if (event.type === 'screen.changed' && event.screenId === screen.screenId && event.reason !== 'updated') {
      send(SCREEN_EVENTS.sessionEnded, { reason: event.reason });
      close();
    }
  };
  const unsubscribe = app.events.subscribe(onEvent);
  const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
  const close = () => {
    clearInterval(keepalive);
    unsubscribe();
    leaveScope();
    freeSlot();
    // close runs again when the screen leaves after a session ended or the server closed: count down once.
    if (app.screenStreams.delete(close)) app.metrics.screenEventStreams.dec();
    if (!raw.writableEnded) raw.end();
  };
  app.screenStreams.add(close);
  app.metrics.screenEventStreams.inc();
  request.raw.on('close', close);
}
