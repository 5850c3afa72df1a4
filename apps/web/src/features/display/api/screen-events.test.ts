import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './screen-events';

describe('event stream reconnection', () => {
  it('backs off as before when the server said nothing', () => {
    expect(reconnectDelayMs(1_000, null)).toBe(1_000);
  });

  it('stays away for the Retry-After of a 503, jittered like every screen request', () => {
    expect(reconnectDelayMs(1_000, 5_000, () => 0)).toBe(5_000);
    expect(reconnectDelayMs(1_000, 5_000, () => 1)).toBe(7_500);
  });

  it('never comes back sooner than its own backoff', () => {
    expect(reconnectDelayMs(16_000, 5_000, () => 1)).toBe(16_000);
  });
});
