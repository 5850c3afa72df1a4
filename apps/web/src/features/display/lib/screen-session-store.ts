import type { ScreenSession } from '@adloop/contract/screen';
import { verifyScreen } from '@/features/display/api/verify-screen';
import {
  clearStoredScreenSession,
  readScreenToken,
  readStoredScreenSession,
  storeScreenSession,
} from '@/features/display/lib/screen-session-storage';
import { ApiError } from '@/lib/http';

/** Spec §4 screen session: unauthenticated, authenticating (a stored token being verified), authenticated. */
export type ScreenSessionStatus = 'unauthenticated' | 'checking' | 'authenticated';
export type ScreenSessionState = { status: ScreenSessionStatus; session: ScreenSession | null };

const listeners = new Set<() => void>();
// A stored token means "checking" from the first render, so no page redirects before verify answers.
let state: ScreenSessionState = { status: readScreenToken() ? 'checking' : 'unauthenticated', session: null };
let verification: Promise<void> | null = null;

function setState(next: ScreenSessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeScreenSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getScreenSessionState(): ScreenSessionState {
  return state;
}

/** The token to send now: verify and renewal replace it while the player runs. */
export function currentScreenToken(): string | null {
  return state.session?.access_token ?? readScreenToken();
}

/**
 * A server that answered "no" ends the session. No answer at all (the screen is offline, the
 * server restarts) keeps it, so a screen rebooted without network goes on playing from cache.
 */
export function endsScreenSession(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

async function verifyStoredSession(): Promise<void> {
  const stored = readStoredScreenSession();
  try {
    const session = await verifyScreen(readScreenToken());
    storeScreenSession(session);
    setState({ status: 'authenticated', session });
  } catch (error) {
    if (!endsScreenSession(error) && stored) {
      console.warn('Screen verify got no answer; playing on with the stored session', error);
      setState({ status: 'authenticated', session: stored });
      return;
    }
    console.warn('Screen verify failed; the session is cleared', error);
    clearStoredScreenSession();
    setState({ status: 'unauthenticated', session: null });
  }
}

/** Spec §4: a stored token triggers a verify call at start, once per page load. */
export function startScreenSession() {
  if (verification || state.status !== 'checking') return;
  verification = verifyStoredSession();
}

/** Renews the token while the player runs for days (a session lasts a week and slides on verify). */
export async function renewScreenSession(): Promise<void> {
  try {
    const session = await verifyScreen(currentScreenToken());
    storeScreenSession(session);
    setState({ status: 'authenticated', session });
  } catch (error) {
    if (endsScreenSession(error)) signOutScreen();
    else console.warn('Screen session renewal failed; retrying later', error);
  }
}

export function signInScreen(session: ScreenSession) {
  storeScreenSession(session);
  verification = Promise.resolve();
  setState({ status: 'authenticated', session });
}

export function signOutScreen() {
  clearStoredScreenSession();
  verification = Promise.resolve();
  setState({ status: 'unauthenticated', session: null });
}
