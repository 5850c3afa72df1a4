import type { Role } from '@adloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { createOutlet, createScreen, createUser, mapUser } from './factories.ts';

/** Signs in through the API, as the dashboard does, and returns the bearer token. */
export async function loginAs(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a screen in through the API and returns its session. */
export async function connectScreen(app: FastifyInstance, screen: { screenCode: string; passcode: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/screen-auth/authenticate',
    payload: { screen_code: screen.screenCode, pass_code: screen.passcode },
  });
  if (response.statusCode !== 200) throw new Error(`screen sign-in failed: ${response.statusCode} ${response.body}`);
  const session = response.json().data as {
    access_token: string;
    screen_id: string;
    screen_code: string;
    outlet: { id: string; name: string; outlet_code: string };
  };
  // As the player does on connecting: the list it is handed is what its plays are judged by.
  await fetchScreenAds(app, session.access_token);
  return session;
}

/**
 * The screen's ad list, as the player fetches it after an ads-changed event (the server records
 * it as served). Factories write ads straight to the database, so the cached lists are dropped.
 */
export async function fetchScreenAds(app: FastifyInstance, token: string) {
  app.screenCache.adLists.clear();
  const response = await app.inject({ method: 'GET', url: '/api/screen-auth/ads', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`screen ad list failed: ${response.statusCode} ${response.body}`);
  // Nor is this list kept: a test's next request sees the ads its factories write after this.
  app.screenCache.adLists.clear();
  return response.json().data as { id: string; variants?: { id: string }[] }[];
}

/** A user of the role, mapped as given, signed in: its id and bearer token. */
export async function signedIn(
  app: FastifyInstance,
  db: Database,
  role: Role,
  to: { companyId?: string; outletIds?: string[] } = {},
): Promise<{ id: string; email: string; token: string }> {
  const user = await createUser(db, { role });
  await mapUser(db, user.id, to);
  return { id: user.id, email: user.email, token: await loginAs(app, user) };
}

/** A new user of the role (a global admin unless told), mapped as given and signed in: the bearer token. */
export async function signInAs(
  t: { app: FastifyInstance; db: Database },
  role: Role = 'GLOBAL_ADMIN',
  to: { companyId?: string; outletIds?: string[] } = {},
): Promise<string> {
  return (await signedIn(t.app, t.db, role, to)).token;
}

/** A new screen at the outlet (a new outlet unless told), signed in as the player is: the screen and its token. */
export async function connectedScreen(
  t: { app: FastifyInstance; db: Database },
  outletId?: string,
  overrides: Parameters<typeof createScreen>[2] = {},
) {
  const screen = await createScreen(t.db, outletId ?? (await createOutlet(t.db)).id, overrides);
  const session = await connectScreen(t.app, screen);
  return { screen, session, token: session.access_token };
}

/** A staff request in a line: method, path, the caller's token (none: unsigned) and a body. */
export const staffRequests =
  (t: { app: FastifyInstance }) =>
  (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
