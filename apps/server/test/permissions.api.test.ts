import { FIELD_GRANTS } from '@adloop/contract/field-grants';
import {
  ACTIONS,
  type Action,
  can,
  PERMISSIONS,
  RESOURCES,
  type Resource,
  type Scope,
  scopeOf,
} from '@adloop/contract/permissions';
import { ROLES, type Role } from '@adloop/contract/roles';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../src/db/schema.ts';
import { recordScreenActivity } from './helpers/factories.ts';
import {
  at,
  FIELD_READERS,
  FIELD_SAMPLES,
  FIELD_WRITERS,
  MORE_ROUTES,
  NO_ROUTE,
  type Request,
  type RouteCase,
} from './helpers/route-cases.ts';
import { bearer } from './helpers/sign-in.ts';
import {
  buildTwoTenants,
  type Caller,
  disposable,
  ownerOf,
  type ResourceRows,
  resourcesWithRows,
  type Tenant,
  type TwoTenants,
  userRow,
} from './helpers/tenants.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/**
 * Every role × every route × its own tenant's row and the other tenant's (OWASP IDOR testing):
 * the answer must be exactly what the permission matrix says. No access → 403; `all` → the
 * route's success; `own`/`self` → success on the own row and 404 on the foreign one.
 * (Mapping create/delete have preconditions of their own: see user-mappings.api.test.ts.)
 */
/** The smallest GIF there is, as a multipart upload. */
function gifUpload(): Request {
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const boundary = 'adloop-permissions';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\n\r\n`;
  return {
    method: 'POST',
    url: '/api/ads/media',
    payload: Buffer.concat([Buffer.from(head), gif, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function crud(
  resource: Resource,
  base: string,
  row: (world: TwoTenants, caller: Caller, tenant: Tenant) => string,
  fresh: (world: TwoTenants, caller: Caller, tenant: Tenant) => Promise<string>,
  create: { tenanted: boolean; body: (world: TwoTenants, caller: Caller, tenant: Tenant) => object },
  update: object,
): RouteCase[] {
  return [
    {
      name: `GET ${base}/:id`,
      resource,
      action: 'read',
      success: 200,
      tenanted: true,
      build: async (w, c, t) => at('GET', `${base}/${row(w, c, t)}`),
    },
    {
      name: `POST ${base}`,
      resource,
      action: 'create',
      success: 201,
      tenanted: create.tenanted,
      build: async (w, c, t) => at('POST', base, create.body(w, c, t)),
    },
    {
      name: `PATCH ${base}/:id`,
      resource,
      action: 'update',
      success: 200,
      tenanted: true,
      build: async (w, c, t) => at('PATCH', `${base}/${row(w, c, t)}`, update),
    },
    {
      name: `DELETE ${base}/:id`,
      resource,
      action: 'delete',
      success: 204,
      tenanted: true,
      build: async (w, c, t) => at('DELETE', `${base}/${await fresh(w, c, t)}`),
    },
  ];
}

/** A resource's row of a tenant, as the caller reaches it, and a fresh one for a delete (RESOURCE_ROWS). */
const rowOf =
  (resource: Resource, rows: ResourceRows) =>
  (world: TwoTenants, caller: Caller, tenant: Tenant): string =>
    rows.rowFor?.(world, caller, tenant) ?? world.rows[resource]![tenant];
const freshOf = (rows: ResourceRows) => (world: TwoTenants, caller: Caller, tenant: Tenant) =>
  rows.freshFor?.(world, caller, tenant) ?? rows.make(ownerOf(world, tenant));

/** The usual routes of every resource that has them, from its entry in RESOURCE_ROWS. */
const USUAL = resourcesWithRows().flatMap(([resource, rows]) =>
  rows.usual ? [{ resource, rows, usual: rows.usual }] : [],
);

const adStep = (
  action: Action,
  step: string,
  from: 'DRAFT' | 'PENDING_REVIEW' | 'ACTIVE' | 'PAUSED',
  payload?: object,
): RouteCase => ({
  name: `POST /api/ads/:id/${step}`,
  resource: 'ads',
  action,
  success: 200,
  tenanted: true,
  build: async (w, c, t) => at('POST', `/api/ads/${await disposable.ad(w, t, from, c)}/${step}`, payload),
});

const ROUTES: RouteCase[] = [
  ...USUAL.flatMap(({ resource, rows, usual }) => {
    const cases = crud(
      resource,
      rows.base,
      rowOf(resource, rows),
      freshOf(rows),
      { tenanted: usual.create.tenanted, body: (w, c, t) => usual.create.body(ownerOf(w, t), c) },
      usual.update,
    );
    return rows.shared ? cases.map((route) => ({ ...route, tenanted: false })) : cases;
  }),
  adStep('update', 'submit', 'DRAFT'),
  adStep('approve', 'approve', 'PENDING_REVIEW'),
  adStep('approve', 'reject', 'PENDING_REVIEW', { reason: 'Blurred' }),
  adStep('pause', 'pause', 'ACTIVE'),
  adStep('pause', 'resume', 'PAUSED'),
  {
    name: 'POST /api/ad-screens/:id/reset-passcode',
    resource: 'screens',
    action: 'update',
    success: 200,
    tenanted: true,
    build: async (w, _c, t) => at('POST', `/api/ad-screens/${w.screens[t]}/reset-passcode`),
  },
  {
    name: 'POST /api/ads/media',
    resource: 'ads',
    action: 'create',
    success: 201,
    tenanted: false,
    build: async () => gifUpload(),
  },
];

/** Lists: 403 without read; otherwise the own row is listed and the foreign one only with `all`. */
const LISTS: Array<{
  base: string;
  resource: Resource;
  rows: (world: TwoTenants, caller: Caller) => [string, string];
  key?: string;
}> = [
  ...USUAL.map(({ resource, rows }) => {
    const row = rowOf(resource, rows);
    return {
      base: rows.base,
      resource,
      rows: (w: TwoTenants, c: Caller): [string, string] => [row(w, c, 'A'), row(w, c, 'B')],
      key: rows.key,
    };
  }),
  {
    base: '/api/outlet-user-mapping',
    resource: 'users',
    rows: (w, c) => [userRow(w, c, 'A'), userRow(w, c, 'B')],
    key: 'user',
  },
  {
    base: '/api/company-user-mapping',
    resource: 'users',
    rows: (w, c) => [userRow(w, c, 'A'), userRow(w, c, 'B')],
    key: 'user',
  },
];

function expectedStatus(scope: Scope, tenant: Tenant, success: number): number {
  if (scope === 'none') return 403;
  if (scope === 'all') return success;
  return tenant === 'A' ? success : 404;
}

const cases = ROLES.flatMap((role) =>
  [...ROUTES, ...MORE_ROUTES].flatMap((route) =>
    (route.tenanted ? (['A', 'B'] as const) : (['A'] as const)).map((tenant) => {
      const scope = scopeOf(role, route.resource, route.action);
      return { role, route, tenant, scope, status: expectedStatus(scope, tenant, route.success) };
    }),
  ),
);

describe.each(databaseKinds)('permission matrix on %s', (kind) => {
  const t = useTestApp(kind);
  let world: TwoTenants;

  beforeAll(async () => {
    world = await buildTwoTenants(t.app, t.db);
    // Tenant A's screen was switched on two days ago, so uptime has minutes to count today for those
    // who may read it (decision 092: a screen is measured from its first switch-on).
    const [screenA] = await t.db.select().from(screens).where(eq(screens.id, world.screens.A));
    await recordScreenActivity(t.db, screenA!, 'ONLINE', new Date(Date.now() - 2 * 86_400_000));
  });

  it.each(
    cases.map(
      (c) => [`${c.role} ${c.route.name} on ${c.tenant === 'A' ? 'own' : 'foreign'} row → ${c.status}`, c] as const,
    ),
  )('%s', async (_name, { role, route, tenant, status }) => {
    const caller = world.callers[role];
    const request = await route.build(world, caller, tenant);
    const response = await t.app.inject({ ...request, headers: { ...request.headers, ...bearer(caller.token) } });
    expect(response.statusCode, response.body).toBe(status);
  });

  it.each(ROLES.flatMap((role) => LISTS.map((list) => [`${role} GET ${list.base}`, role, list] as const)))(
    '%s lists exactly what the matrix allows',
    async (_name, role: Role, list) => {
      const caller = world.callers[role];
      const scope = scopeOf(role, list.resource, 'read');
      const response = await t.app.inject({
        method: 'GET',
        url: `${list.base}?pageSize=100`,
        headers: bearer(caller.token),
      });
      expect(response.statusCode, response.body).toBe(scope === 'none' ? 403 : 200);
      if (scope === 'none') return;
      const ids = response
        .json()
        .data.map((row: { id: string; code?: string; user?: { id: string } }) =>
          list.key === 'code' ? row.code : list.key === 'user' ? row.user?.id : row.id,
        );
      const [own, foreign] = list.rows(world, caller);
      if (list.key !== 'user') expect(ids).toContain(own);
      if (scope !== 'all') expect(ids).not.toContain(foreign);
    },
  );

  it.each(ROLES)('%s reads its dashboard summary', async (role) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: bearer(world.callers[role].token),
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(ROLES)('%s edits its own profile', async (role) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(world.callers[role].token),
      payload: { name: `${role} renamed` },
    });
    expect(response.statusCode).toBe(scopeOf(role, 'profile', 'update') === 'self' ? 200 : 403);
  });
  it.each(RESOURCES)('every action the table grants on %s has a route case (or a stated reason)', (resource) => {
    const granted = ACTIONS.filter((action) => ROLES.some((role) => PERMISSIONS[role][resource][action]));
    const routed = new Set(
      [...ROUTES, ...MORE_ROUTES].filter((route) => route.resource === resource).map((r) => r.action),
    );
    const missing = granted.filter((action) => !routed.has(action) && !NO_ROUTE[resource]?.[action]);
    expect(missing, `${resource}: no route case for ${missing.join(', ')}`).toEqual([]);
  });

  it.each(Object.keys(FIELD_GRANTS) as Resource[])(
    'the field grants of %s: a write of a field not granted is a 403 naming it, a hidden field is null',
    async (resource) => {
      const grants = Object.entries(FIELD_GRANTS[resource] ?? {});
      const send = (request: Request, role: Role) =>
        t.app.inject({ ...request, headers: { ...request.headers, ...bearer(world.callers[role].token) } });
      for (const [field, grant] of grants.filter(([, grant]) => grant.write)) {
        const url = FIELD_WRITERS[resource]?.(world);
        const sample = FIELD_SAMPLES[`${resource}.${field}`];
        expect(url && sample, `a writer and a sample write of ${resource}.${field}`).toBeTruthy();
        for (const role of ROLES.filter((one) => can(one, resource, 'update'))) {
          const response = await send(at('PATCH', url!, sample), role);
          if (grant.write!.includes(role)) {
            expect(response.statusCode, `${role} writes ${field}: ${response.body}`).toBe(200);
          } else {
            expect(response.statusCode, `${role} writes ${field}: ${response.body}`).toBe(403);
            expect(response.json().details).toEqual([expect.objectContaining({ path: field })]);
            expect(response.json().message).toContain(field);
          }
        }
      }
      for (const [field, grant] of grants.filter(([, grant]) => grant.read)) {
        const url = FIELD_READERS[resource]?.(world);
        expect(url, `a reader of ${resource}.${field}`).toBeTruthy();
        for (const role of ROLES.filter((one) => can(one, resource, 'read'))) {
          const response = await send(at('GET', url!), role);
          expect(response.statusCode, response.body).toBe(200);
          const value = field
            .split('.')
            .reduce<unknown>((row, key) => (row as Record<string, unknown>)?.[key], response.json().data);
          if (grant.read!.includes(role)) expect(value, `${role} sees ${field}`).not.toBeNull();
          else expect(value ?? null, `${role} does not see ${field}`).toBeNull();
        }
      }
    },
  );
});
