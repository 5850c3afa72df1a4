// What the fleet's requests met: per route, each outcome (status or error kind) and each latency with its time.

/** An outcome that is neither a 2xx nor a 304 (a 304 is the ETag working). */
export function isError(outcome: string): boolean {
  const status = Number(outcome);
  return !(Number.isInteger(status) && ((status >= 200 && status < 300) || status === 304));
}

interface RouteSamples {
  /** Outcome of each request (status or error kind), its start in ms since the run began, and its latency. */
  outcome: string[];
  /** Start of each request in ms since the run began, and its latency. */
  at: number[];
  ms: number[];
  inFlight: number;
}

export interface RouteReport {
  requests: number;
  outcomes: Record<string, number>;
  errorsSteady: Record<string, number>;
  latency: ReturnType<typeof summarise>;
  latencySteady: ReturnType<typeof summarise>;
}

export interface Window {
  from: number;
  to: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

export function summarise(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

export class Metrics {
  readonly startedAt = performance.now();
  private readonly routes = new Map<string, RouteSamples>();
  /** Up to three distinct error messages per route and status, to name what failed. */
  private readonly messages = new Map<string, Set<string>>();

  now(): number {
    return performance.now() - this.startedAt;
  }

  private route(name: string): RouteSamples {
    let route = this.routes.get(name);
    if (!route) {
      route = { outcome: [], at: [], ms: [], inFlight: 0 };
      this.routes.set(name, route);
    }
    return route;
  }

  begin(name: string): number {
    this.route(name).inFlight += 1;
    return this.now();
  }

  end(name: string, startedAt: number, outcome: string) {
    const route = this.route(name);
    route.inFlight -= 1;
    route.outcome.push(outcome);
    route.at.push(startedAt);
    route.ms.push(this.now() - startedAt);
  }

  note(name: string, outcome: string, message: string) {
    const key = `${name} → ${outcome}`;
    const seen = this.messages.get(key) ?? new Set();
    if (seen.size < 3) seen.add(message.slice(0, 300));
    this.messages.set(key, seen);
  }

  errorMessages(): Record<string, string[]> {
    return Object.fromEntries([...this.messages].map(([key, seen]) => [key, [...seen]]));
  }

  inFlight(name: string): number {
    return this.routes.get(name)?.inFlight ?? 0;
  }

  /** Per route, what requests started within `window` met: outcomes and latency. */
  during(window: Window) {
    const routes: Record<string, { outcomes: Record<string, number>; latency: ReturnType<typeof summarise> }> = {};
    for (const [name, route] of this.routes) {
      const outcomes: Record<string, number> = {};
      const ms: number[] = [];
      for (const [index, at] of route.at.entries()) {
        if (at < window.from || at >= window.to) continue;
        outcomes[route.outcome[index]!] = (outcomes[route.outcome[index]!] ?? 0) + 1;
        ms.push(route.ms[index]!);
      }
      if (ms.length > 0) routes[name] = { outcomes, latency: summarise(ms) };
    }
    return routes;
  }

  /**
   * Per route: requests, outcomes, errors (all, and steady: of requests that met neither the ramp
   * nor a fault), and latency of all requests and of the steady ones.
   */
  report(excluded: readonly Window[]) {
    const routes: Record<string, RouteReport> = {};
    const totals = { requests: 0, errors: 0, errorsSteady: 0 };
    const errorsByStatus: Record<string, number> = {};
    for (const [name, route] of [...this.routes].sort(([a], [b]) => a.localeCompare(b))) {
      // A request in flight when a fault began met it too.
      const inFault = route.at.map((at, index) => excluded.some((w) => at < w.to && at + route.ms[index]! >= w.from));
      const outcomes: Record<string, number> = {};
      const errorsOutside: Record<string, number> = {};
      for (const [index, outcome] of route.outcome.entries()) {
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (!isError(outcome)) continue;
        totals.errors += 1;
        errorsByStatus[outcome] = (errorsByStatus[outcome] ?? 0) + 1;
        if (!inFault[index]) {
          totals.errorsSteady += 1;
          errorsOutside[outcome] = (errorsOutside[outcome] ?? 0) + 1;
        }
      }
      totals.requests += route.ms.length;
      routes[name] = {
        requests: route.ms.length,
        outcomes,
        errorsSteady: errorsOutside,
        latency: summarise(route.ms),
        latencySteady: summarise(route.ms.filter((_, index) => !inFault[index])),
      };
    }
    return { ...totals, errorsByStatus, routes };
  }
}
