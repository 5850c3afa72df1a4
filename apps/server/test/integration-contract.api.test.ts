import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { outletWallClock } from '@adloop/contract/clock';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAd,
  createCompany,
  createOutlet,
  createScreen,
  honestPlayTimes,
  reportedPlay,
} from './helpers/factories.ts';
import { createIntegrationToken } from './helpers/integration-tokens.ts';
import { type ListeningApp, startListeningApp } from './helpers/listening-app.ts';
import { postPlays } from './helpers/plays.ts';
import { connectScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds } from './helpers/test-app.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * An integrator's nightly pull, written as a customer would against the types openapi-typescript
 * generates from the served document: yesterday's plays by cursor, their CSV, and the day's spend
 * and analytics. The test type-checks it against the types of this run's document (so a change
 * of the document that breaks such a client fails here) and runs it against a listening server.
 */
const NIGHTLY = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

export interface Night {
  plays: Array<{ id: string; ad_id: string; company_id: string; play_count: number }>;
  pages: number;
  csvRows: string[];
  spend: { plays: number; spend_minor: number; companies: string[] };
  analytics: { plays: number; companies: string[] };
}

export async function nightly(baseUrl: string, token: string, day: string, from: string, to: string): Promise<Night> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const plays: Night['plays'] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { data, error } = await client.GET('/api/playback-logs', {
      params: { query: { from, to, limit: 3, ...(cursor ? { cursor } : {}) } },
    });
    if (!data) throw new Error(\`plays: \${JSON.stringify(error)}\`);
    pages += 1;
    for (const play of data.data) {
      plays.push({ id: play.id, ad_id: play.ad_id, company_id: play.company_id, play_count: play.play_count });
    }
    cursor = data.meta.nextCursor ?? undefined;
  } while (cursor);

  const exported = await client.POST('/api/playback-logs/exports', { body: { from, to } });
  if (!exported.data) throw new Error(\`export: \${JSON.stringify(exported.error)}\`);
  const csv = await fetch(new URL(exported.data.data.url, baseUrl));
  if (!csv.ok) throw new Error(\`csv: \${csv.status} \${await csv.text()}\`);
  const csvRows = (await csv.text()).trim().split('\\r\\n').slice(1);

  const spend = await client.GET('/api/ad-transaction/spend', { params: { query: { from: day, to: day } } });
  if (!spend.data) throw new Error(\`spend: \${JSON.stringify(spend.error)}\`);
  const analytics = await client.GET('/api/analytics/overview', { params: { query: { from: day, to: day } } });
  if (!analytics.data) throw new Error(\`analytics: \${JSON.stringify(analytics.error)}\`);
  return {
    plays,
    pages,
    csvRows,
    spend: {
      plays: spend.data.data.totals.plays,
      spend_minor: spend.data.data.totals.spend_minor,
      companies: spend.data.data.companies.map((company) => company.company_id),
    },
    analytics: {
      plays: analytics.data.data.totals.plays,
      companies: analytics.data.data.by_company.map((company) => company.id),
    },
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
    lib: ['ES2022', 'DOM'],
  },
  files: ['nightly.ts'],
};

describe.each(databaseKinds)('an integrator with a client generated from the OpenAPI document, on %s', (kind) => {
  let server: ListeningApp;
  let dir: string;
  let token: string;
  let ids: { company: string; other: string; ad: string };
  /** Yesterday on the outlet's clock (Asia/Kolkata), and that day's bounds as instants. */
  let day: string;
  let bounds: { from: string; to: string };

  beforeAll(async () => {
    server = await startListeningApp(kind);
    const t = { app: server.app, db: server.db };
    const company = await createCompany(t.db, { name: 'Chai Point' });
    const other = await createCompany(t.db, { name: 'Rival Cola' });
    const outlet = await createOutlet(t.db, { timezone: 'Asia/Kolkata' });
    const screen = await createScreen(t.db, outlet.id);
    const ad = await createAd(t.db, company.id, { title: 'Masala chai' });
    const otherAd = await createAd(t.db, other.id, { title: 'Cola' });
    ids = { company: company.id, other: other.id, ad: ad.id };

    day = outletWallClock(new Date(Date.now() - 86_400_000), 'Asia/Kolkata').date;
    bounds = { from: `${day}T00:00:00+05:30`, to: `${nextDay(day)}T00:00:00+05:30` };
    // Seven plays of the company's ad and three of another company's, at noon yesterday on the outlet's clock.
    const times = honestPlayTimes(new Date(`${day}T12:00:00+05:30`), 10);
    const screenToken = (await connectScreen(t.app, screen)).access_token;
    const answer = await postPlays(
      t.app,
      screenToken,
      times.map((time, n) => reportedPlay(n % 3 === 2 && n < 9 ? otherAd : ad, screen, time)),
    );
    expect(answer.refused).toEqual([]);

    const companyAdmin = await signInAs(t, 'COMPANY_ADMIN', { companyId: company.id });
    token = (
      await createIntegrationToken(t.app, companyAdmin, {
        name: 'ERP nightly',
        scopes: ['playback_logs:read', 'analytics:read'],
      })
    ).token;

    dir = await mkdtemp(path.join(tmpdir(), 'adloop-client-'));
    await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generates types from the served document that the nightly client compiles against', async () => {
    const document = (await (await fetch(`http://127.0.0.1:${server.port}/api/docs/json`)).json()) as OpenAPI3;
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/playback-logs"');
    expect(types).toContain('"/api/integration-tokens"');
    await writeFile(path.join(dir, 'api.ts'), types);
    await writeFile(path.join(dir, 'nightly.ts'), NIGHTLY);
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).catch(
      (error: { stdout?: string; stderr?: string }) => error,
    );
    expect(`${checked.stdout ?? ''}${checked.stderr ?? ''}`).toBe('');
  }, 120_000);

  it("pulls yesterday's plays by cursor, their CSV, spend and analytics, and they agree", async () => {
    const { nightly } = (await import(pathToFileURL(path.join(dir, 'nightly.ts')).href)) as {
      nightly: (...args: string[]) => Promise<{
        plays: Array<{ id: string; ad_id: string; company_id: string; play_count: number }>;
        pages: number;
        csvRows: string[];
        spend: { plays: number; spend_minor: number; companies: string[] };
        analytics: { plays: number; companies: string[] };
      }>;
    };
    const night = await nightly(`http://127.0.0.1:${server.port}`, token, day, bounds.from, bounds.to);
    // Only the token's company: seven plays, three pages of three.
    expect(night.plays).toHaveLength(7);
    expect(night.pages).toBe(3);
    expect(new Set(night.plays.map((play) => play.company_id))).toEqual(new Set([ids.company]));
    expect(new Set(night.plays.map((play) => play.id)).size).toBe(7);
    // The CSV has the same plays.
    expect(night.csvRows.map((row) => row.split(',')[0]).sort()).toEqual(night.plays.map((play) => play.id).sort());
    // Spend and analytics count the same plays, of the same company only.
    const played = night.plays.reduce((sum, play) => sum + play.play_count, 0);
    expect(night.analytics.plays).toBe(played);
    expect(night.analytics.companies).toEqual([ids.company]);
    expect(night.spend.plays).toBe(played);
    expect(night.spend.companies).toEqual([ids.company]);
    expect(night.spend.spend_minor).toBeGreaterThanOrEqual(0);
  });
});

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
