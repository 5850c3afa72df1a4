/**
 * Requests per token and minute (decision 095), as a token bucket per token in this process: a
 * token may spend `perMinute` at once, and earns them back evenly over the minute. Several server
 * processes each count on their own, so the whole deployment allows up to that many times more.
 */
export class IntegrationTokenLimiter {
  private readonly buckets = new Map<string, { left: number; at: number }>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one request of the token: null when allowed, else the whole seconds until the next one is. */
  take(tokenId: string): number | null {
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(tokenId) ?? { left: this.perMinute, at: now };
    bucket.left = Math.min(this.perMinute, bucket.left + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(tokenId, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.left >= 1) {
      bucket.left -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.left) / perMs / 1000));
  }

  /** Buckets refilled by now hold nothing a fresh one would not. */
  private forgetFull(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (now - bucket.at >= 60_000) this.buckets.delete(id);
    }
  }
}
