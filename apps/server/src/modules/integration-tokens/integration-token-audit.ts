import type { Database } from '../../db/client.ts';
import { integrationTokenUses } from '../../db/schema.ts';

export interface IntegrationTokenUseRecord {
  tokenId: string;
  method: string;
  route: string;
  statusCode: number;
  ip: string | null;
}

/**
 * Writes one row per request an integration token made (decision 095), after its answer went
 * out. Writes in flight are held until `flush`, which closing the app awaits, so none is lost on
 * shutdown; a failed write is logged, never the request's failure.
 */
export class IntegrationTokenAudit {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(use: IntegrationTokenUseRecord): void {
    const write = this.db
      .insert(integrationTokenUses)
      .values({ ...use, route: use.route.slice(0, 300), method: use.method.slice(0, 16) })
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      );
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Runs `work` (a last-use write) held like an audit row. */
  hold(work: Promise<unknown>): void {
    const held = work.then(
      () => undefined,
      (error: unknown) => this.onError(error),
    );
    this.pending.add(held);
    void held.finally(() => this.pending.delete(held));
  }

  /** Waits for every write begun so far. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
