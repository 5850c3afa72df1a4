import type { FastifyInstance } from 'fastify';

/**
 * Event streams one screen may hold open in one server process (decision 074): its own, and a
 * reload's or reconnect's next one while the last has not closed yet, with one to spare.
 */
export const STREAMS_PER_SCREEN = 3;

/** How long a screen refused a stream is asked to wait: a stream it left closes within it. */
export const STREAM_RETRY_AFTER_SECONDS = 5;

/** Counts each screen's open event streams in this process; a stream takes a slot before it opens. */
export class ScreenStreamSlots {
  private readonly open = new Map<string, number>();

  /** A slot for one more stream of the screen, as the function that frees it (once), or null when none is free. */
  take(screenId: string): (() => void) | null {
    const held = this.open.get(screenId) ?? 0;
    if (held >= STREAMS_PER_SCREEN) return null;
    this.open.set(screenId, held + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.open.get(screenId) ?? 1) - 1;
      if (left > 0) this.open.set(screenId, left);
      else this.open.delete(screenId);
    };
  }
}

// Keyed by the app, as the event scope is: the first stream may open after the app is ready.
const slotsByApp = new WeakMap<FastifyInstance, ScreenStreamSlots>();

/** This app's stream slots, made on first use. */
export function screenStreamSlotsOf(app: FastifyInstance): ScreenStreamSlots {
  let slots = slotsByApp.get(app);
  if (!slots) {
    slots = new ScreenStreamSlots();
    slotsByApp.set(app, slots);
  }
  return slots;
}
