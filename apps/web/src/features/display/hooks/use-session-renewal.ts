import { useEffect } from 'react';
import { renewScreenSession } from '@/features/display/lib/screen-session-store';

/** A screen token lasts a week; a player that runs for weeks renews it well before then. */
const RENEW_EVERY_MS = 12 * 60 * 60 * 1000;

export function useSessionRenewal() {
  useEffect(() => {
    const timer = setInterval(() => void renewScreenSession(), RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
}
