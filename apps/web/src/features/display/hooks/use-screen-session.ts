import { useEffect, useSyncExternalStore } from 'react';
import {
  getScreenSessionState,
  type ScreenSessionState,
  startScreenSession,
  subscribeScreenSession,
} from '@/features/display/lib/screen-session-store';

/** The screen session; the first caller on a page load starts the verify of a stored token. */
export function useScreenSession(): ScreenSessionState {
  useEffect(startScreenSession, []);
  return useSyncExternalStore(subscribeScreenSession, getScreenSessionState, getScreenSessionState);
}
