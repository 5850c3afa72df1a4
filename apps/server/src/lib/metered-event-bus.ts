import type { BusEvent, BusStatus, EventBus } from './event-bus.ts';
import type { AppMetrics } from './metrics.ts';

/** Past this many events in flight the oldest is forgotten (published, never heard back: a Redis outage). */
const MAX_PENDING = 1_000;
/** An event heard back later than this was lost on the way; a later event of the same content is not its echo. */
const LOST_AFTER_MS = 30_000;

/** The same event whatever order its fields arrive in (Redis delivers it parsed again). */
const contentOf = (event: BusEvent) => JSON.stringify(event, Object.keys(event).sort());

/**
 * Counts what goes through the bus (decision 058), and how long this process's own events take
 * to come back to it: nothing in process, a Redis round trip between processes (decision 030).
 * Events carry no id or time, so an echo is matched by its content, the oldest first.
 */
export class MeteredEventBus implements EventBus {
  /** Publish times (performance.now) of events not yet heard back, by content. */
  private readonly pending = new Map<string, number[]>();
  private readonly stopCounting: () => void;

  constructor(
    private readonly inner: EventBus,
    private readonly metrics: AppMetrics['eventBus'],
  ) {
    this.stopCounting = inner.subscribe((event) => this.heard(event));
  }

  async publish(event: BusEvent): Promise<void> {
    this.metrics.published.inc({ type: event.type });
    const content = contentOf(event);
    const times = this.pending.get(content);
    if (times) times.push(performance.now());
    else {
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
      this.pending.set(content, [performance.now()]);
    }
    await this.inner.publish(event);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }

  status(): BusStatus {
    return this.inner.status();
  }

  async close(): Promise<void> {
    this.stopCounting();
    this.pending.clear();
    await this.inner.close();
  }

  private heard(event: BusEvent): void {
    this.metrics.delivered.inc({ type: event.type });
    const content = contentOf(event);
    const times = this.pending.get(content);
    if (!times) return;
    const now = performance.now();
    while (times.length > 0 && now - times[0]! > LOST_AFTER_MS) times.shift();
    const publishedAt = times.shift();
    if (times.length === 0) this.pending.delete(content);
    if (publishedAt !== undefined) this.metrics.deliverySeconds.observe((now - publishedAt) / 1000);
  }
}
