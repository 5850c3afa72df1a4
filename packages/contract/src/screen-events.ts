import { ADS_CHANGED_MAX_SPREAD_MS } from './constants.ts';

/** Several edits in a burst cause one reload, still well inside the 5 s an edit may take to reach a screen. */
export const ADS_CHANGED_DEBOUNCE_MS = 300;

/**
 * When to reload after an `ads-changed`: after the debounce, at a random moment of the spread
 * the server asked for (its open streams × 8 ms, at most 15 s), so a fleet does not ask all at once.
 */
export function adsChangedDelayMs(data: string, random: () => number = Math.random): number {
  let spread = 0;
  try {
    const asked = (JSON.parse(data) as { spread_ms?: unknown }).spread_ms;
    if (typeof asked === 'number' && Number.isFinite(asked))
      spread = Math.min(Math.max(asked, 0), ADS_CHANGED_MAX_SPREAD_MS);
  } catch {
    // An event without a body reloads after the debounce alone.
  }
  return ADS_CHANGED_DEBOUNCE_MS + Math.floor(random() * spread);
}
