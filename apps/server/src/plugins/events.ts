import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type EventBus, InProcessEventBus } from '../lib/event-bus.ts';
import { MeteredEventBus } from '../lib/metered-event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(
  async function eventsPlugin(app: FastifyInstance, opts: { bus?: EventBus }) {
    const bus = new MeteredEventBus(opts.bus ?? new InProcessEventBus(), app.metrics.eventBus);
    app.decorate('events', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'events', dependencies: ['metrics'] },
);
