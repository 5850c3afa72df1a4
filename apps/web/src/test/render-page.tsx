import '@testing-library/jest-dom/vitest';
import type { CurrentUser } from '@adloop/contract/auth';
import type { Role } from '@adloop/contract/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { type Auth, AuthContext } from '@/lib/auth-context';
import { createQueryClient } from '@/lib/react-query';

/**
 * Component tests render a page as the app does (query cache, router, signed-in user) and answer
 * its requests at the browser's edge, `fetch`, as the server would (decision 062): the HTTP client,
 * the schemas that parse answers and the forms all run as in the browser.
 */

// Rendering and typing through a DOM takes seconds on a 2-core machine under load, not the 5 s a unit test gets.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// What jsdom lacks and the UI kit (Radix) or the layout hooks call.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}

export function signedInUser(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    name: 'Asha Rao',
    email: 'asha@adloop.test',
    phone_number: null,
    role,
    must_change_password: false,
    alert_emails: true,
    ...overrides,
  };
}

type RenderPageOptions = {
  /** The signed-in user; a global admin unless given. */
  user?: CurrentUser;
  /** The address the page opens at. */
  path?: string;
  /** A sign-in's token for choosing a first password (decision 089); none unless given. */
  passwordChangeToken?: string;
};

/** Renders a page with what the app and the staff layout provide: toasts, the query cache, the router and the session. */
export function renderPage(
  page: ReactNode,
  { user = signedInUser('GLOBAL_ADMIN'), path = '/', passwordChangeToken }: RenderPageOptions = {},
) {
  const auth: Auth = {
    user,
    token: 'staff-token',
    status: 'authenticated',
    loggedOut: false,
    passwordChangeToken: passwordChangeToken ?? null,
    signIn: vi.fn(),
    setUser: vi.fn(),
    logout: vi.fn(),
  };
  const router = createMemoryRouter([{ path: '*', element: page, handle: { title: 'Page under test' } }], {
    initialEntries: [path],
  });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          <RouterProvider router={router} />
        </AuthContext>
      </QueryClientProvider>
    </AppProvider>,
  );
  return { ...view, auth, router, user: userEvent.setup({ delay: null }) };
}

/** Fills fields by their labels, pasting each value as autofill would: one change per field, not one per key. */
export async function fillIn(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

/** Waits until the field labelled `label` is marked invalid with `message` among what describes it. */
export async function expectFieldError(label: string, message: string) {
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(field).toHaveAttribute('aria-invalid', 'true');
}

export type SentRequest = { method: string; path: string; search: URLSearchParams; body: unknown };
type ServerAnswer = { status?: number; body?: unknown };
type Route = ServerAnswer | ((request: SentRequest) => ServerAnswer);

/** A server's answer to a request it refused, in the API's error shape (docs/design.md §4). */
export function refusal(
  status: number,
  code: string,
  message: string,
  details: { path: string; message: string }[] = [],
) {
  return { status, body: { message, code, details } };
}

/**
 * Answers the page's requests by `"METHOD /path"` (no query string) and records what was sent;
 * a request no route answers gets a 404, so a test sees it rather than hanging.
 */
export function stubServer(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method: init.method ?? 'GET', path: url.pathname, search: url.searchParams, body };
    sent.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const answer = typeof route === 'function' ? route(request) : (route ?? refusal(404, 'NOT_FOUND', 'Not found'));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    sent,
    /** The bodies sent to one route, in order. */
    bodiesSentTo: (route: string) =>
      sent.filter((request) => `${request.method} ${request.path}` === route).map((request) => request.body),
  };
}
