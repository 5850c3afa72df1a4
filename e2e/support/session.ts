import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, E2E_ORIGIN } from './env.ts';

/**
 * Signs in through the API (not the form) and stores the token where the app keeps it
 * (localStorage `user-token` and a cookie), then opens `path`.
 */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  path: string,
  user: { email: string; password: string } = ADMIN,
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: user });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const { data } = await response.json();
  await page.context().addCookies([{ name: 'user-token', value: data.token, url: E2E_ORIGIN, sameSite: 'Strict' }]);
  await page.goto('/favicon.svg');
  await page.evaluate((token) => window.localStorage.setItem('user-token', token), data.token);
  await page.goto(path);
  return data.token;
}
