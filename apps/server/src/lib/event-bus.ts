import { EventEmitter } from 'node:events';
import type { ScreenCommand } from '@adloop/contract/screen-commands';

/** What server code announces to whoever listens (SSE streams, caches). */
export type BusEvent =
  | { type: 'ads.changed'; adIds: string[] }
  | { type: 'screen.changed'; screenId: string; reason: 'passcode-reset' | 'disabled' | 'updated' }
  /** An emergency takeover started or ended on these screens (decision 035). */
  | { type: 'takeover.changed'; takeoverId: string; screenIds: string[]; action: 'started' | 'ended' }
  /** Staff asked one screen for a screenshot, or told it to reload (decision 059). */
  | { type: 'screen.screenshot-requested'; screenId: string; requestId: string }
  | { type: 'screen.command'; screenId: string; command: ScreenCommand }
  /** Rate cards changed (no outlet), or one outlet's tier did: what plays are priced from (decision 033). */
  | { type: 'pricing.changed'; outletId?: string };

/** Whether events reach the other processes now: health reports it (decision 099). */
export interface BusStatus {
  kind: 'in-process' | 'redis';
  connected: boolean;
}

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  status(): BusStatus;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process alone: events go to this process's listeners only (docs/design.md §1). */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: BusEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  status(): BusStatus {
    return { kind: 'in-process', connected: true };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
