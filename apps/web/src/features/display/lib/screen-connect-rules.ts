import { PASSCODE_LENGTH } from '@adloop/contract/constants';

/**
 * The connect form's rule (spec §5) without zod, so a new screen's first page loads none
 * (decision 081). It is `screenConnectFormSchema`'s, message for message; the test holds them equal.
 */
export type ScreenConnectValues = { screenId: string; passcode: string };
export type ScreenConnectErrors = Partial<Record<keyof ScreenConnectValues, string>>;

const PASSCODE_DIGITS = /^\d+$/;

export function screenIdError(value: string): string | undefined {
  return value.trim().length > 0 ? undefined : 'Screen ID is required';
}

export function passcodeError(value: string): string | undefined {
  const passcode = value.trim();
  return passcode.length === PASSCODE_LENGTH && PASSCODE_DIGITS.test(passcode)
    ? undefined
    : `Passcode must be ${PASSCODE_LENGTH} digits`;
}

export const SCREEN_CONNECT_RULES: Record<keyof ScreenConnectValues, (value: string) => string | undefined> = {
  screenId: screenIdError,
  passcode: passcodeError,
};
