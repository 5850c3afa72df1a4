/**
 * Counts failures per key (an IP) in a fixed window, in this process's memory. Successes
 * cost nothing, so many screens behind one outlet router never trip it; guessing does.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { failures: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.failures >= this.maxFailures ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { failures: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 100_000) this.prune(now);
      return;
    }
    window.failures += 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
