import type { PairingStatus, ScreenPairing } from '@adloop/contract/screen-pairing';
import { isScreenSession } from '@/features/display/lib/screen-session-storage';
import { http } from '@/lib/http';

/*
 * A fresh display's side of pairing (decision 088). Silent: the pairing panel says itself what
 * went wrong and tries again, and the passcode form beside it keeps working. Answers are read by
 * hand, as the rest of the player's are, so its bundle carries no zod.
 */

function isPairing(value: unknown): value is ScreenPairing {
  if (typeof value !== 'object' || value === null) return false;
  const pairing = value as Record<string, unknown>;
  return (
    typeof pairing.code === 'string' &&
    typeof pairing.pairing_secret === 'string' &&
    typeof pairing.expires_at === 'string' &&
    typeof pairing.poll_seconds === 'number'
  );
}

function isPairingStatus(value: unknown): value is PairingStatus {
  if (typeof value !== 'object' || value === null) return false;
  const status = value as Record<string, unknown>;
  if (status.status === 'WAITING') return typeof status.expires_at === 'string';
  return status.status === 'PAIRED' && isScreenSession(status.session);
}

/** A code to show, and the secret this display asks for its session with. */
export async function requestPairingCode(): Promise<ScreenPairing> {
  const response = await http.post<{ data: unknown }>('/api/screen-auth/pairing-codes', undefined, {
    auth: false,
    silent: true,
  });
  if (!isPairing(response?.data)) throw new Error('Unexpected answer to a pairing code request');
  return response.data;
}

/** Still waiting, or paired with the session staff gave this display. */
export async function askPairingStatus(pairingSecret: string): Promise<PairingStatus> {
  const response = await http.post<{ data: unknown }>(
    '/api/screen-auth/pairing-codes/session',
    { pairing_secret: pairingSecret },
    { auth: false, silent: true },
  );
  if (!isPairingStatus(response?.data)) throw new Error('Unexpected answer to a pairing status request');
  return response.data;
}
