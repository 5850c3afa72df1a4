// The people and probes beside the screens: a global admin editing an ad every few seconds (through
// each API process in turn), and a health check of each process every second.
import type { HttpClient } from './http.ts';
import type { EditTracker } from './ledger.ts';
import type { Metrics } from './metrics.ts';
import { ADMIN } from './seed.ts';

export class StaffEditor {
  private token: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private number = 0;
  private editing: Promise<void> = Promise.resolve();

  constructor(
    private readonly http: HttpClient,
    private readonly metrics: Metrics,
    private readonly edits: EditTracker,
    private readonly adId: string,
    /** Edit n goes through process n mod processes: every process's edits must reach every screen. */
    private readonly processes = 1,
  ) {}

  private async signIn(process: number): Promise<boolean> {
    const reply = await this.http.request({
      route: 'POST /api/auth/login',
      method: 'POST',
      path: '/api/auth/login',
      body: ADMIN,
      staff: true,
      process,
    });
    if (!reply.ok || reply.status !== 200) return false;
    this.token = (JSON.parse(reply.body) as { data: { token: string } }).data.token;
    return true;
  }

  /** Retitles the ad (a global admin's edit applies at once, decision 038) and notes when it was sent. */
  private async edit(through?: number) {
    const process = through ?? (this.number + 1) % this.processes;
    if (!this.token && !(await this.signIn(process))) return;
    this.number += 1;
    const number = this.number;
    this.edits.sent(number, this.metrics.now());
    const reply = await this.http.request({
      route: 'PATCH /api/ads/:id',
      method: 'PATCH',
      path: `/api/ads/${this.adId}`,
      token: this.token,
      body: { title: `Fleet ad 1 · edit ${number}` },
      staff: true,
      process,
    });
    if (reply.ok && reply.status === 200) return;
    this.edits.cancel(number);
    if (reply.ok && reply.status === 401) this.token = undefined;
  }

  start(everyMs: number) {
    this.timer = setInterval(() => {
      this.editing = this.editing.then(() => this.edit());
    }, everyMs);
  }

  /** One edit through `process` now, besides the timed ones (a fault makes sure of an edit while it lasts). */
  editNow(process: number): Promise<void> {
    this.editing = this.editing.then(() => this.edit(process));
    return this.editing;
  }

  async stop() {
    clearInterval(this.timer);
    await this.editing;
  }
}

/** GET /api/health of one process every second on the staff pool; the answers tell when a fault has passed. */
export class HealthProbe {
  private timer: NodeJS.Timeout | undefined;
  readonly answers: { t: number; outcome: string; ms: number }[] = [];

  constructor(
    private readonly http: HttpClient,
    private readonly metrics: Metrics,
    private readonly process = 0,
  ) {}

  start() {
    this.timer = setInterval(async () => {
      const t = this.metrics.now();
      const reply = await this.http.request({
        route: 'GET /api/health',
        method: 'GET',
        path: '/api/health',
        staff: true,
        process: this.process,
      });
      this.answers.push({ t, outcome: reply.ok ? String(reply.status) : reply.error, ms: this.metrics.now() - t });
    }, 1_000);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** When the first 200 was asked for at or after `from` (ms since the run began). */
  async healthySince(from: number, timeoutMs = 120_000): Promise<number | undefined> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const answer = this.answers.find((entry) => entry.t >= from && entry.outcome === '200');
      if (answer) return answer.t;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return undefined;
  }

  report() {
    return {
      polls: this.answers.length,
      over1s: this.answers.filter((answer) => answer.ms > 1_000).length,
      not200: this.answers.filter((answer) => answer.outcome !== '200').length,
    };
  }
}
