/**
 * The dashboard's document asks for what its home shows as soon as it has been read, beside the
 * app's script instead of after it has run (decision 096): the session check
 * (`features/auth/api/verify.ts`) and the home's summary
 * (`features/dashboard/api/get-dashboard-summary.ts`), with the stored staff token.
 *
 * This is an entry of its own (vite.config.ts) that only `dashboard/page.html` loads, with an
 * async script tag before the app's (build/page-documents.ts); nothing imports it. It imports
 * nothing either, so it runs as soon as it is in, without waiting for a byte of the app or for the
 * stylesheet: hence the names it shares with the app written out here, the staff token's storage
 * key (`STORAGE_KEYS.userToken`, packages/contract/src/constants.ts) and the registry the HTTP
 * client takes the answers from (`takeEarlyResponse`, lib/http.ts).
 * e2e/tests/dashboard-early-requests.spec.ts holds them together.
 */
const USER_TOKEN_KEY = 'user-token';
const EARLY_ANSWERS = Symbol.for('adloop.early-answers');

const REQUESTS = [
  { method: 'POST', path: '/api/auth/verify' },
  { method: 'GET', path: '/api/dashboard/summary' },
] as const;

function startEarlyRequests() {
  const token = localStorage.getItem(USER_TOKEN_KEY);
  if (!token) return;
  const answers = new Map<string, Promise<Response>>();
  for (const { method, path } of REQUESTS) {
    const answer = fetch(path, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    // Taken or not, a failure here is the real request's to report.
    answer.catch(() => undefined);
    answers.set(`${method} ${path} ${token}`, answer);
  }
  (globalThis as Record<symbol, unknown>)[EARLY_ANSWERS] = answers;
}

startEarlyRequests();
