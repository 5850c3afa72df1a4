import { EventEmitter } from 'node:events';
import { SCREEN_COMMANDS } from '@adloop/contract/screen-commands';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { BusEvent, BusStatus, EventBus } from './event-bus.ts';

/** The default channel; a deployment sharing its Redis with another picks its own (channels ignore DB numbers). */
export const DEFAULT_EVENT_CHANNEL = 'adloop:events';

/** A publish waits at most this long for Redis before the request that made the change moves on. */
const PUBLISH_TIMEOUT_MS = 1000;

const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ads.changed'), adIds: z.array(z.string()) }),
  z.object({
    type: z.literal('screen.changed'),
    screenId: z.string(),
    reason: z.enum(['passcode-reset', 'disabled', 'updated']),
  }),
  z.object({
    type: z.literal('takeover.changed'),
    takeoverId: z.string(),
    screenIds: z.array(z.string()),
    action: z.enum(['started', 'ended']),
  }),
  z.object({ type: z.literal('screen.screenshot-requested'), screenId: z.string(), requestId: z.string() }),
  z.object({ type: z.literal('screen.command'), screenId: z.string(), command: z.enum(SCREEN_COMMANDS) }),
  z.object({ type: z.literal('pricing.changed'), outletId: z.string().optional() }),
]) satisfies z.ZodType<BusEvent>;

/** The pino methods the bus logs through (the server's logger, or a child of it). */
export interface BusLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RedisEventBusOptions {
  url: string;
  channel?: string;
  logger: BusLogger;
  /** CLIENT SETNAME of both connections, to spot them in CLIENT LIST. */
  connectionName?: string;
}

/**
 * Fan-out between server processes (decision 030): publish is one PUBLISH on a shared channel,
 * and a dedicated subscriber connection hands every message — this process's own included — to
 * the local listeners, so each event reaches each listener exactly once wherever it was made.
 *
 * When Redis cannot take a publish, the event is delivered to this process's listeners directly
 * and the failure logged: the change is already committed, its own screens still hear of it, and
 * the other processes' caches fall back on their TTL. After the subscriber reconnects, listeners
 * get an `ads.changed` without ids, since messages sent while it was away are lost.
 */
export class RedisEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private closed = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    readonly channel: string,
    private readonly logger: BusLogger,
  ) {}

  /** Opens both connections and resolves once the channel is subscribed. */
  static async connect(options: RedisEventBusOptions): Promise<RedisEventBus> {
    const channel = options.channel ?? DEFAULT_EVENT_CHANNEL;
    const common = { lazyConnect: true, connectionName: options.connectionName ?? `adloop-${process.pid}` };
    // No offline queue and one try: a publish during an outage fails fast instead of holding a request.
    const publisher = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: PUBLISH_TIMEOUT_MS,
    });
    const subscriber = new Redis(options.url, common);
    const bus = new RedisEventBus(publisher, subscriber, channel, options.logger);
    for (const [role, connection] of [
      ['publisher', publisher],
      ['subscriber', subscriber],
    ] as const) {
      connection.on('error', (error: Error) =>
        bus.logger.warn({ err: error, role }, 'redis event bus connection error'),
      );
    }
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw error;
    }
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) bus.receive(message);
    });
    let ready = true;
    subscriber.on('close', () => {
      ready = false;
    });
    subscriber.on('ready', () => {
      if (ready || bus.closed) return;
      ready = true;
      bus.logger.info({ channel }, 'redis event bus resubscribed; screens told to reload their ads');
      bus.deliver({ type: 'ads.changed', adIds: [] });
    });
    return bus;
  }

  async publish(event: BusEvent): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      this.logger.error({ err: error, event }, 'redis publish failed; event delivered to this process only');
      this.deliver(event);
    }
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Connected only while both connections are ready: a publish would reach Redis and Redis would reach us. */
  status(): BusStatus {
    return {
      kind: 'redis',
      connected: !this.closed && this.publisher.status === 'ready' && this.subscriber.status === 'ready',
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.emitter.removeAllListeners();
    await Promise.all([quit(this.publisher), quit(this.subscriber)]);
  }

  private receive(message: string): void {
    const parsed = busEventSchema.safeParse(parseJson(message));
    if (!parsed.success) {
      this.logger.warn(
        { channel: this.channel, message: message.slice(0, 200) },
        'malformed event bus message ignored',
      );
      return;
    }
    this.deliver(parsed.data);
  }

  /** One listener's fault must not keep the event from the others. */
  private deliver(event: BusEvent): void {
    for (const listener of this.emitter.listeners('event') as ((event: BusEvent) => void)[]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, event }, 'event bus listener failed');
      }
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** QUIT when connected (flushes what is pending), otherwise just drop the socket. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    await connection.quit().catch(() => connection.disconnect());
  } else {
    connection.disconnect();
  }
}
