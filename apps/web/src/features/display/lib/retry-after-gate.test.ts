import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryAfterGate } from './retry-after-gate';

describe('retry-after gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('admits requests until the server asks to wait', () => {
    const gate = new RetryAfterGate(() => {});
    expect(gate.admit()).toBe(true);
  });

  it('holds requests back for Retry-After plus jitter, then makes exactly one', () => {
    const request = vi.fn();
    const gate = new RetryAfterGate(request, () => 1);
    gate.wait(10_000);
    expect(gate.admit()).toBe(false);
    vi.advanceTimersByTime(14_999);
    expect(gate.admit()).toBe(false);
    expect(request).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(gate.admit()).toBe(true);
  });

  it('spreads screens told the same wait over half again of it', () => {
    const lowest = vi.fn();
    const highest = vi.fn();
    new RetryAfterGate(lowest, () => 0).wait(4_000);
    new RetryAfterGate(highest, () => 0.99).wait(4_000);
    vi.advanceTimersByTime(4_000);
    expect(lowest).toHaveBeenCalledTimes(1);
    expect(highest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_980);
    expect(highest).toHaveBeenCalledTimes(1);
  });

  it('a second wait replaces the first, and stop cancels the request', () => {
    const request = vi.fn();
    const gate = new RetryAfterGate(request, () => 0);
    gate.wait(1_000);
    gate.wait(5_000);
    vi.advanceTimersByTime(1_000);
    expect(request).not.toHaveBeenCalled();
    gate.stop();
    vi.advanceTimersByTime(10_000);
    expect(request).not.toHaveBeenCalled();
  });
});
