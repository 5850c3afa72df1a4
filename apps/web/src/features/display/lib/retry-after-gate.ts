import { serverRetryDelayMs } from '@/features/display/lib/play-sender';

/**
 * Holds requests back while the server has asked the screen to wait (`Retry-After` on a 429 or
 * 503), then makes one: a fleet pushed "ads changed" during an overload must not all ask at once.
 */
export class RetryAfterGate {
  private until = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly request: () => void,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether a request may go now; while waiting, the one request at the end stands for it. */
  admit(): boolean {
    return Date.now() >= this.until;
  }

  /** The server asked to wait: come back after that, with up to half again of jitter. */
  wait(retryAfterMs: number) {
    const delay = serverRetryDelayMs(retryAfterMs, this.random);
    this.until = Date.now() + delay;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.request();
    }, delay);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
