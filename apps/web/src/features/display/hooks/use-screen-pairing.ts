import type { ScreenSession } from '@adloop/contract/screen';
import { useEffect, useRef, useState } from 'react';
import { askPairingStatus, requestPairingCode } from '@/features/display/api/screen-pairing';
import { ApiError } from '@/lib/http';

export type PairingView =
  | { state: 'requesting' }
  | { state: 'showing'; code: string }
  | { state: 'unavailable'; message: string }
  | { state: 'paired' };

/** How long a display without a code waits before asking again, unless the server says. */
const RETRY_MS = 10_000;

const retryDelayOf = (error: unknown) => (error instanceof ApiError && error.retryAfterMs) || RETRY_MS;

/** The server refused the pairing itself (expired, spent, unknown): a new code is needed, not patience. */
const pairingRefused = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * A fresh display's pairing (decision 088): gets a code, asks every few seconds whether staff have
 * claimed it, and hands over the session once they have. A code that expired or was spent is
 * replaced by a new one; without network the code stays up and the asking goes on.
 */
export function useScreenPairing(onPaired: (session: ScreenSession) => void): PairingView {
  const [view, setView] = useState<PairingView>({ state: 'requesting' });
  const paired = useRef(onPaired);
  paired.current = onPaired;

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = window.setTimeout(resolve, ms);
      });

    /** Asks until paired (true) or until the pairing is refused and a new code is needed (false). */
    async function awaitClaim(secret: string, pollMs: number): Promise<boolean> {
      while (!stopped) {
        await wait(pollMs);
        if (stopped) return false;
        try {
          const status = await askPairingStatus(secret);
          if (status.status === 'PAIRED') {
            setView({ state: 'paired' });
            paired.current(status.session);
            return true;
          }
        } catch (error) {
          if (pairingRefused(error)) return false;
          if (error instanceof ApiError && error.retryAfterMs) await wait(error.retryAfterMs);
        }
      }
      return false;
    }

    async function run() {
      while (!stopped) {
        try {
          const pairing = await requestPairingCode();
          if (stopped) return;
          setView({ state: 'showing', code: pairing.code });
          if (await awaitClaim(pairing.pairing_secret, pairing.poll_seconds * 1000)) return;
        } catch (error) {
          if (stopped) return;
          const message = error instanceof ApiError ? error.message : 'The server did not answer.';
          setView({ state: 'unavailable', message });
          await wait(retryDelayOf(error));
        }
      }
    }

    void run();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  return view;
}
