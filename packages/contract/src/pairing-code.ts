/**
 * Pairing a screen from a phone (decision 088): a fresh display shows a short code that staff enter
 * or scan in the dashboard. Kept free of zod, so the screen player can use it.
 */

/** Digits and capitals without 0, O, 1 and I, which are read for one another: 32 characters. */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 6;
/** How long a code can be claimed, and how long a claimed code waits for its display. */
export const PAIRING_CODE_TTL_SECONDS = 600;
/** How often a waiting display asks whether it has been paired. */
export const PAIRING_POLL_SECONDS = 3;

/** A code as typed: any case, its two halves maybe apart (`abc 234`, `ABC-234`). */
export const PAIRING_CODE_INPUT = new RegExp(
  `^\\s*[${PAIRING_CODE_ALPHABET}]{3}[\\s-]?[${PAIRING_CODE_ALPHABET}]{3}\\s*$`,
  'i',
);
export const PAIRING_CODE_MESSAGE = `A pairing code is ${PAIRING_CODE_LENGTH} letters and digits, without 0, O, 1 or I`;

/** The code as stored and compared: capitals, no spaces or dash. */
export function normalisePairingCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** The code as a screen shows it: two groups of three, easier to read across a room. */
export function groupPairingCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}
