import { STORAGE_KEYS } from '@adloop/contract/constants';

/** Screen credentials kept on the device (spec §3): newest first, one entry per screen id. */
export type SavedScreen = { screenId: string; passcode: string };

function sameScreen(a: string, b: string): boolean {
  // Screen codes are case-insensitive on the server, so DEMO-1 and demo-1 are one screen.
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function addSavedScreen(list: readonly SavedScreen[], screen: SavedScreen): SavedScreen[] {
  return [screen, ...list.filter((saved) => !sameScreen(saved.screenId, screen.screenId))];
}

export function removeSavedScreen(list: readonly SavedScreen[], screenId: string): SavedScreen[] {
  return list.filter((saved) => !sameScreen(saved.screenId, screenId));
}

export function maskPasscode(passcode: string): string {
  return '•'.repeat(passcode.length);
}

function isSavedScreen(value: unknown): value is SavedScreen {
  return (
    typeof value === 'object' &&
    value !== null &&
    'screenId' in value &&
    typeof value.screenId === 'string' &&
    value.screenId.trim() !== '' &&
    'passcode' in value &&
    typeof value.passcode === 'string'
  );
}

/** Reads the stored list, dropping anything malformed and any repeated screen id. */
export function parseSavedScreens(raw: string | null): SavedScreen[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(isSavedScreen).reduceRight<SavedScreen[]>((list, screen) => addSavedScreen(list, screen), []);
  } catch {
    return [];
  }
}

export function readSavedScreens(): SavedScreen[] {
  return parseSavedScreens(localStorage.getItem(STORAGE_KEYS.savedScreens));
}

export function writeSavedScreens(list: readonly SavedScreen[]) {
  localStorage.setItem(STORAGE_KEYS.savedScreens, JSON.stringify(list));
}
