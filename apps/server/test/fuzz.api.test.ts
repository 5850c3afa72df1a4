import type { Role } from '@adloop/contract/roles';
import type { Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, adVariants, companies, companyUsers, outlets, outletUsers } from '../src/db/schema.ts';
import { DEMO_SCREEN_CODE, seedOnFirstStart } from '../src/seed/seed.ts';
import { createLineItem, createUser } from './helpers/factories.ts';
import {
  BAD_TEXT,
  BAD_VALUES,
  fieldPaths,
  pick,
  type SchemaNode,
  seededRandom,
  validValue,
  withValue,
} from './helpers/fuzz-inputs.ts';
import { insertIntegrationToken } from './helpers/integration-tokens.ts';
import { bearer, connectScreen, loginAs } from './helpers/sign-in.ts';
import { resourcesWithRows } from './helpers/tenants.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

/**
 * Walks every route of /api/docs/json with generated bad input, one field at a time, as every
 * role, and fails on any 5xx or a request left unanswered (issue 10). Repeat a run with
 * FUZZ_SEED=<the printed seed>; FUZZ_VALUES_PER_FIELD sets how many bad values each field gets
 * for roles other than the global admin and the screen, which get them all. Multipart and binary
 * bodies, header variants and the HTTP parser are fuzzed over a real socket in http-fuzz.api.test.ts.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const VALUES_PER_FIELD = Number(process.env.FUZZ_VALUES_PER_FIELD ?? 6);
const ANSWER_WITHIN_MS = 20_000;
console.log(`fuzz seed: ${SEED} (repeat with FUZZ_SEED=${SEED})`);

type Caller = 'ANONYMOUS' | 'SCREEN' | Role;
// Screens and outsiders first, the global admin last: its approvals and rejections change the ads others see.
const CALLERS: Caller[] = [
  'ANONYMOUS',
  'SCREEN',
  'OUTLET_EMPLOYEE',
  'OUTLET_ADMIN',
  'COMPANY_EMPLOYEE',
  'COMPANY_ADMIN',
  'UNMAPPED',
  'GLOBAL_ADMIN',
];

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: string; name: string; required?: boolean; schema: SchemaNode }>;
  body?: SchemaNode;
}

interface Request {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  what: string;
}

/** Percent-encodes text for a URL; a lone surrogate becomes the invalid UTF-8 a careless client would send. */
function urlText(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The URL with one query parameter set (replacing a generated valid one), or added again when `repeat`. */
function withQuery(url: string, name: string, value: string, repeat = false) {
  const [path, query = ''] = url.split('?');
  const kept = query.split('&').filter((pair) => pair && (repeat || !pair.startsWith(`${name}=`)));
  return `${path}?${[...kept, `${name}=${value}`].join('&')}`;
}

function operationsOf(doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'> & object>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const op = operation as {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema: SchemaNode }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

describe.each(databaseKinds)('fuzzing every route on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  const tokens = new Map<Caller, string>();
  const ids: Record<string, string> = {};
  const pathIds: Record<string, string> = {};
  const random = seededRandom(SEED);

  async function firstId(table: Table & { id: unknown }): Promise<string | undefined> {
    const [row] = await t.db
      .select()
      .from(table as never)
      .limit(1);
    return (row as { id?: string } | undefined)?.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const seeded = await seedOnFirstStart(t.db, {
      adminEmail: 'fuzz-admin@example.com',
      adminPassword: 'Fuzz-Admin-Passw0rd',
      seedDemo: true,
      demoScreenPasscode: '482913',
      demoUserPassword: 'Fuzz-Staff-Passw0rd',
      mediaDir: t.mediaDir,
    });
    if (!seeded?.staff) throw new Error('the demo seed did not run');
    tokens.set('GLOBAL_ADMIN', await loginAs(t.app, seeded.admin));
    for (const [role, email] of Object.entries(seeded.staff.emails)) {
      tokens.set(role as Role, await loginAs(t.app, { email, password: seeded.staff.password }));
    }
    const unmapped = await createUser(t.db, { role: 'UNMAPPED' });
    tokens.set('UNMAPPED', await loginAs(t.app, unmapped));
    const session = await connectScreen(t.app, { screenCode: DEMO_SCREEN_CODE, passcode: '482913' });
    tokens.set('SCREEN', session.access_token);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    operations = operationsOf(doc);

    // Ids for body fields and query parameters.
    const outletId = (await firstId(outlets))!;
    const target = await createUser(t.db, { role: 'OUTLET_EMPLOYEE' });
    Object.assign(ids, {
      company_id: (await firstId(companies))!,
      outlet_id: outletId,
      screen_id: session.screen_id,
      ad_id: (await firstId(ads))!,
      user_id: target.id,
    });
    Object.assign(ids, { outlet_ids: outletId, screen_ids: session.screen_id, pincode: '560038', pincodes: '560038' });
    // A pass of valid requests first, so there are transactions, payouts, takeovers and variants to aim at.
    for (const op of operations.filter((o) => o.method === 'POST' && o.body && !o.path.includes('{'))) {
      await send({ ...baseRequest(op), headers: bearer(tokens.get('GLOBAL_ADMIN')!) });
    }
    // Rows for path parameters that a fuzzed request may change, never the callers' own: a new row of every
    // resource of the permission table that has rows (RESOURCE_ROWS), of the seed's first company and outlet.
    const owner = { db: t.db, tenant: 'A' as const, companyId: ids.company_id!, outletId };
    for (const [, rows] of resourcesWithRows()) pathIds[`${rows.base}/{${rows.key ?? 'id'}}`] = await rows.make(owner);
    await send({
      method: 'POST',
      url: `/api/ads/${pathIds['/api/ads/{id}']}/variants`,
      payload: { label: 'B', type: 'IMAGE', media_url: 'https://example.com/b.png', link_url: 'https://example.com/b' },
      headers: bearer(tokens.get('GLOBAL_ADMIN')!),
      what: 'variant',
    });
    const [variant] = await t.db.select().from(adVariants).limit(1);
    const lineItem = await createLineItem(t.db, pathIds['/api/campaigns/{id}']!, [ids.ad_id!]);
    Object.assign(pathIds, {
      '/api/company-user-mapping/{id}': (await firstId(companyUsers)) ?? '',
      '/api/outlet-user-mapping/{id}': (await firstId(outletUsers)) ?? '',
      '{variantId}': variant?.id ?? '',
      '{lineItemId}': lineItem.id,
      '/api/inventory/screens/{id}': pathIds['/api/ad-screens/{id}'] ?? '',
      '{version}': '1',
      '/r/{code}': variant?.linkCode ?? 'NOCODE',
      '/api/integration-tokens/{id}': (await insertIntegrationToken(t.db, target.id)).id,
    });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  function pathFor(op: Operation, override?: { name: string; value: string }) {
    return op.path.replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (override?.name === name) return urlText(override.value);
      const base = op.path.slice(0, op.path.indexOf(whole) + whole.length);
      return pathIds[base] ?? pathIds[whole] ?? '';
    });
  }

  /** Fields a generated value cannot get right: a user's role beside its company, a message takeover without an ad. */
  const BASE_FIXES: Record<string, Record<string, unknown>> = {
    'POST /api/users': { role: 'COMPANY_EMPLOYEE', outlet_ids: undefined },
    'PATCH /api/users/{id}': { role: undefined, company_id: undefined },
    'POST /api/company-user-mapping': { user_id: undefined },
    'POST /api/takeovers': { ad_id: undefined },
    'POST /api/screen-payout': { outlet_id: undefined },
    // Refused for a wrong current password, so the caller's session survives the fuzzing.
    'POST /api/auth/change-password': { current_password: 'not-the-current-password' },
  };

  function baseRequest(op: Operation): Request {
    const payload = op.body ? validValue(op.body, '', ids) : undefined;
    if (payload && typeof payload === 'object') Object.assign(payload, BASE_FIXES[`${op.method} ${op.path}`]);
    const query = op.parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => `${parameter.name}=${urlText(String(validValue(parameter.schema, parameter.name, ids)))}`);
    const url = `${pathFor(op)}${query.length > 0 ? `?${query.join('&')}` : ''}`;
    return { method: op.method, url, payload, what: 'base' };
  }

  /** The bad requests of one operation: each path and query parameter, each body field, the body itself. */
  function badRequests(op: Operation, valuesPerField: number | 'all'): Request[] {
    const choose = <T>(values: readonly T[]) =>
      valuesPerField === 'all' ? [...values] : pick(random, values, valuesPerField);
    const base = baseRequest(op);
    const requests: Request[] = [base];
    for (const parameter of op.parameters) {
      for (const value of choose(BAD_TEXT)) {
        const what = `${parameter.in} ${parameter.name}=${JSON.stringify(value).slice(0, 40)}`;
        if (parameter.in === 'path') {
          requests.push({ ...base, url: pathFor(op, { name: parameter.name, value }), what });
        } else if (parameter.in === 'query') {
          requests.push({ ...base, url: withQuery(base.url, parameter.name, urlText(value)), what });
        }
      }
      if (parameter.in === 'query') {
        requests.push({
          ...base,
          url: withQuery(withQuery(base.url, parameter.name, 'a'), parameter.name, 'b', true),
          what: `query ${parameter.name} twice`,
        });
      }
    }
    if (op.body) {
      for (const field of fieldPaths(op.body)) {
        for (const value of choose(BAD_VALUES)) {
          const what = `body ${field.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`;
          requests.push({ ...base, payload: withValue(base.payload, field, value), what });
        }
      }
      for (const raw of ['{"a":', '[]', '"text"', 'null', '\u0000']) {
        requests.push({
          ...base,
          payload: raw,
          headers: { 'content-type': 'application/json' },
          what: `raw body ${JSON.stringify(raw)}`,
        });
      }
    }
    return requests;
  }

  async function send(request: Request) {
    const answer = t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload as string | object | undefined,
      headers: request.headers,
    });
    return Promise.race([
      answer,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS).unref()),
    ]);
  }

  it('has a row for every path parameter of the API (a new resource adds its rows to RESOURCE_ROWS)', () => {
    const unreached = operations.flatMap((op) =>
      [...op.path.matchAll(/\{\w+\}/g)]
        .map((match) => op.path.slice(0, match.index + match[0].length))
        .filter((base) => !pathIds[base] && !pathIds[base.slice(base.lastIndexOf('/') + 1)])
        .map((base) => `${op.method} ${op.path}: no row for ${base}`),
    );
    expect(unreached).toEqual([]);
  });

  it.each(CALLERS)(
    'no route answers 5xx to bad input from %s',
    async (caller) => {
      const token = tokens.get(caller);
      const failures: string[] = [];
      let sent = 0;
      const statuses: Record<string, number> = {};
      const baseAccepted: string[] = [];
      const ordered = [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const op of ordered) {
        // The event stream stays open by design; everything else must answer.
        if (caller === 'SCREEN' && op.path === '/api/screen-auth/events') continue;
        if (op.path === '/api/auth/logout') continue;
        for (const request of badRequests(
          op,
          caller === 'GLOBAL_ADMIN' || caller === 'SCREEN' ? 'all' : VALUES_PER_FIELD,
        )) {
          // A valid id is never deleted: deletes get only bad path parameters.
          if (op.method === 'DELETE' && request.what === 'base') continue;
          const headers = { ...request.headers, ...(token ? bearer(token) : {}) };
          const response = await send({ ...request, headers });
          sent += 1;
          const status = response ? `${String(response.statusCode)[0]}xx` : 'none';
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (request.what === 'base' && response && response.statusCode < 300)
            baseAccepted.push(`${op.method} ${op.path}`);
          else if (request.what === 'base' && process.env.FUZZ_VERBOSE && caller === 'GLOBAL_ADMIN') {
            console.log(
              `base refused: ${op.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 300)} → ${response?.statusCode} ${response?.body.slice(0, 200)}`,
            );
          }
          if (!response || response.statusCode >= 500) {
            failures.push(
              `${caller} ${op.method} ${op.path} ${request.what} → ${response ? `${response.statusCode} ${response.body.slice(0, 160)}` : 'no answer'}`,
            );
          }
        }
      }
      console.log(
        `fuzz ${kind} ${caller}: ${sent} requests ${JSON.stringify(statuses)}, ${failures.length} failures (seed ${SEED});`,
        `valid requests accepted on ${baseAccepted.length} of ${ordered.length} routes`,
      );
      if (process.env.FUZZ_VERBOSE) console.log(baseAccepted.join('\n'));
      expect(failures, `seed ${SEED}`).toEqual([]);
    },
    600_000,
  );
});
