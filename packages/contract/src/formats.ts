import { PASSCODE_LENGTH } from './constants.ts';

// Apart from constants.ts, which the app's entry (and so the ad display's 150 kB) carries.

/** The currency the platform bills and prices in; money is integer minor units (paise), docs/design.md §4. */
export const DEFAULT_CURRENCY = 'INR';

/** A screen's passcode: exactly PASSCODE_LENGTH digits. */
export const PASSCODE_PATTERN = new RegExp(`^\\d{${PASSCODE_LENGTH}}$`);

/** An Indian postal code (PIN code): six digits. */
export const PINCODE_PATTERN = /^\d{6}$/;
