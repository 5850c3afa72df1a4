import { STORAGE_KEYS } from '@adloop/contract/constants';
import type { ScreenTakeover } from '@adloop/contract/takeovers';
import { isScreenTakeover } from '@/features/display/api/get-takeover';

/** True once the takeover's end time has passed on this device's clock. */
export function takeoverHasEnded(takeover: ScreenTakeover, now = Date.now()): boolean {
  return takeover.ends_at !== null && Date.parse(takeover.ends_at) <= now;
}

/**
 * The takeover this screen last heard of, kept in localStorage beside the screen's session so
 * that a screen rebooted without network shows it again at once (decision 035). Stored with
 * the screen's id: another screen signed in on the same device never inherits it.
 */
export function readStoredTakeover(screenId: string): ScreenTakeover | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.screenTakeover);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { screen_id?: unknown; takeover?: unknown };
    if (stored.screen_id !== screenId || !isScreenTakeover(stored.takeover)) return null;
    return takeoverHasEnded(stored.takeover) ? null : stored.takeover;
  } catch {
    return null;
  }
}

export function storeTakeover(screenId: string, takeover: ScreenTakeover | null): void {
  try {
    if (takeover) {
      localStorage.setItem(STORAGE_KEYS.screenTakeover, JSON.stringify({ screen_id: screenId, takeover }));
    } else {
      localStorage.removeItem(STORAGE_KEYS.screenTakeover);
    }
  } catch (error) {
    console.warn('Keeping the takeover for offline play failed', error);
  }
}
