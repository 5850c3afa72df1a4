import type { CurrentRateCard } from '@adloop/contract/pricing';
import { useSyncExternalStore } from 'react';

/**
 * The public rate card, fetched once for every section of /pricing that shows it and looked at
 * again each minute (or a moment after the next card is due). A plain fetch and a small store:
 * the public page loads neither the dashboard's query cache nor the schema library.
 */
export type LiveRateCard = {
  data: CurrentRateCard | undefined;
  isLoading: boolean;
  isError: boolean;
};

const ENDPOINT = '/api/rate-cards/current';
const POLL_MS = 60_000;

let state: LiveRateCard = { data: undefined, isLoading: true, isError: false };
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | null = null;

function publish(next: LiveRateCard) {
  state = next;
  for (const listener of listeners) listener();
}

function isRateCard(body: unknown): body is { data: CurrentRateCard } {
  const data = (body as { data?: { current?: { tiers?: unknown } } } | null)?.data;
  return typeof data?.current?.tiers === 'object' && data.current.tiers !== null;
}

/** Until the next card is due (and a second), at most a minute. */
function nextLookMs(): number {
  const next = state.data?.next;
  if (!next) return POLL_MS;
  return Math.min(POLL_MS, Math.max(1000, Date.parse(next.effective_from) - Date.now() + 1000));
}

async function load() {
  clearTimeout(timer);
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    const response = await fetch(ENDPOINT, { signal: controller.signal, headers: { accept: 'application/json' } });
    const body: unknown = await response.json();
    if (!response.ok || !isRateCard(body)) throw new Error(`The rate card answered ${response.status}`);
    publish({ data: body.data, isLoading: false, isError: false });
  } catch {
    if (controller.signal.aborted) return;
    // A card already shown stays; the error shows only when there is nothing to show.
    publish({ data: state.data, isLoading: false, isError: state.data === undefined });
  }
  if (listeners.size > 0) timer = setTimeout(load, nextLookMs());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) void load();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    inFlight?.abort();
  };
}

/** Loads the card again now (the "Try again" of the error view). */
export function reloadRateCard() {
  publish({ ...state, isLoading: state.data === undefined, isError: false });
  void load();
}

export function useLiveRateCard(): LiveRateCard {
  return useSyncExternalStore(subscribe, () => state);
}
