import { randomBytes } from 'node:crypto';
import type { Company } from '@adloop/contract/companies';
import type { Outlet } from '@adloop/contract/outlets';
import type { Role as AnyRole } from '@adloop/contract/roles';
import type { Screen } from '@adloop/contract/screens';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from './env.ts';

/**
 * Test-data factories of the dashboard tests: everything is made through the API, with names
 * unique to the run, because every suite shares one server.
 */

export type Credentials = { email: string; password: string };
/** A role staff can be given. */
export type Role = Exclude<AnyRole, 'UNMAPPED'>;

/** A short random suffix, e.g. "k3f9a1", so names never clash between tests or runs. */
export function unique(): string {
  return randomBytes(3).toString('hex');
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export async function tokenOf(request: APIRequestContext, user: Credentials = ADMIN): Promise<string> {
  const response = await request.post('/api/auth/login', { data: user });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data.token;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: bearer(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()).data;
}

export function createCompany(request: APIRequestContext, token: string, name = `E2E Company ${unique()}`) {
  return post<Company>(request, token, '/api/ad-company', { name });
}

export function createOutlet(request: APIRequestContext, token: string, name = `E2E Outlet ${unique()}`) {
  const code = `E2E-${unique().toUpperCase()}`;
  return post<Outlet>(request, token, '/api/outlets', {
    name,
    outlet_code: code,
    city: 'Bengaluru',
    pincode: '560038',
  });
}

export async function createScreen(request: APIRequestContext, token: string, outletId: string) {
  const code = `E2E-SCR-${unique().toUpperCase()}`;
  return post<{ screen: Screen; passcode: string }>(request, token, '/api/ad-screens', {
    outlet_id: outletId,
    screen_code: code,
    name: 'E2E screen',
  });
}

/**
 * A staff user who has already replaced the temporary password, so the dashboard opens
 * straight away; `mapping` is the company or outlets their role covers.
 */
export async function createStaff(
  request: APIRequestContext,
  token: string,
  role: Role,
  mapping: { company_id?: string; outlet_ids?: string[] } = {},
): Promise<{ id: string; name: string; email: string; login: Credentials }> {
  const id = unique();
  const name = `E2E ${role.toLowerCase().replace('_', ' ')} ${id}`;
  const email = `e2e-${role.toLowerCase().replace('_', '-')}-${id}@e2e.adloop.test`;
  const created = await post<{ user: { id: string }; temporary_password: string }>(request, token, '/api/users', {
    name,
    email,
    role,
    ...mapping,
  });
  const password = `e2e-pass-${id}`;
  const session = await tokenOf(request, { email, password: created.temporary_password });
  const change = await request.post('/api/auth/change-password', {
    headers: bearer(session),
    data: { current_password: created.temporary_password, new_password: password },
  });
  expect(change.status(), await change.text()).toBe(204);
  return { id: created.user.id, name, email, login: { email, password } };
}

/** A screen signs in as a display does, answering its session token. */
export async function authenticateScreen(request: APIRequestContext, screenCode: string, passcode: string) {
  const response = await request.post('/api/screen-auth/authenticate', {
    data: { screen_code: screenCode, pass_code: passcode },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data.access_token as string;
}

/** A new company with one staff member of the role, made by the demo admin (whose token comes back too). */
export async function companyWithStaff(request: APIRequestContext, role: 'COMPANY_ADMIN' | 'COMPANY_EMPLOYEE') {
  const admin = await tokenOf(request);
  const company = await createCompany(request, admin);
  const staff = await createStaff(request, admin, role, { company_id: company.id });
  return { admin, company, staff };
}

/** A new outlet with one staff member of the role, made by the demo admin (whose token comes back too). */
export async function outletWithStaff(request: APIRequestContext, role: 'OUTLET_ADMIN' | 'OUTLET_EMPLOYEE') {
  const admin = await tokenOf(request);
  const outlet = await createOutlet(request, admin);
  const staff = await createStaff(request, admin, role, { outlet_ids: [outlet.id] });
  return { admin, outlet, staff };
}
