import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BenchBrowser, type BrowserTools, browserTools, type LighthouseResult } from './browser-tools.ts';
import { freshDatabase, root, startServer } from './lib.ts';

/**
 * Lighthouse (mobile and desktop) on the pages a visitor, a screen and a staff member open first.
 * BENCH_WEB_DIST measures that build instead of building the web app; BENCH_WEB_BASELINE_DIST
 * adds another build (e.g. one made before a change), served at the same time and measured in
 * turn with it, page by page, so both see the same load on the machine.
 */

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Runs per page, build and form factor; the run of median performance is kept. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ADMIN = { email: 'admin@bench.adloop.test', password: 'bench-admin-password' };
const DEMO_SCREEN = { screen_code: 'DEMO-SCREEN-01', pass_code: '246810' };

type Visitor = 'anonymous' | 'staff' | 'screen';
const PAGES: { path: string; visitor: Visitor }[] = [
  { path: '/', visitor: 'anonymous' },
  { path: '/pricing', visitor: 'anonymous' },
  { path: '/login', visitor: 'anonymous' },
  { path: '/ad/screen', visitor: 'anonymous' },
  // The demo screen plays an image ad and a video ad.
  { path: '/ad/screen/display?screenId=DEMO-SCREEN-01', visitor: 'screen' },
  { path: '/dashboard', visitor: 'staff' },
];
const FORM_FACTORS = ['mobile', 'desktop'] as const;
/** BENCH_LIGHTHOUSE_PAGES: a comma-separated list of the paths above to measure (default: all). */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((path) => path.trim());
const unknownPages = ONLY_PAGES?.filter((path) => !PAGES.some((page) => page.path === path)) ?? [];
if (unknownPages.length > 0) {
  throw new Error(
    `BENCH_LIGHTHOUSE_PAGES names no page Lighthouse measures: ${unknownPages.join(', ')} (it measures ${PAGES.map((page) => page.path).join(', ')})`,
  );
}

export interface PageScore {
  path: string;
  formFactor: (typeof FORM_FACTORS)[number];
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  totalBlockingTimeMs: number;
  /** JavaScript as it crossed the network (compressed when served so). */
  jsTransferBytes: number;
  /** The same JavaScript decoded. */
  jsResourceBytes: number;
  /** Lighthouse's measure of the machine's speed at the time (about 1,000+ on a typical desktop). */
  benchmarkIndex: number;
}

export interface BuildScores {
  label: string;
  webDistDir: string;
  pages: PageScore[];
}

interface Served {
  label: string;
  webDistDir: string;
  origin: string;
  storage: Record<Visitor, Record<string, string>>;
  stop(): Promise<void>;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

export async function benchLighthouse(adminUrl: string): Promise<{ runsPerPage: number; builds: BuildScores[] }> {
  const builds: { label: string; webDistDir: string }[] = [];
  const baseline = process.env.BENCH_WEB_BASELINE_DIST;
  if (baseline) builds.push({ label: 'baseline', webDistDir: path.resolve(baseline) });
  const ownBuild = process.env.BENCH_WEB_DIST ? undefined : await mkdtemp(path.join(tmpdir(), 'adloop-bench-web-'));
  if (ownBuild) await buildWeb(ownBuild);
  builds.push({ label: 'current', webDistDir: path.resolve(process.env.BENCH_WEB_DIST ?? ownBuild!) });

  const served: Served[] = [];
  const tools = await browserTools();
  const browser = await tools.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  try {
    for (const build of builds) served.push(await serve(adminUrl, build.label, build.webDistDir));
    const scores = new Map<string, PageScore[]>(builds.map((build) => [build.label, []]));
    for (const page of PAGES.filter((candidate) => !ONLY_PAGES || ONLY_PAGES.includes(candidate.path))) {
      for (const formFactor of FORM_FACTORS) {
        const runs = new Map<string, PageScore[]>(builds.map((build) => [build.label, []]));
        for (let run = 0; run < RUNS; run += 1) {
          for (const build of served) {
            const score = await scoreWithRetry(() =>
              scorePage(tools, browser, build.origin, page.path, formFactor, build.storage[page.visitor]),
            );
            runs.get(build.label)!.push(score);
          }
        }
        for (const [label, scored] of runs) {
          const median = scored.sort((a, b) => a.performance - b.performance)[Math.floor(scored.length / 2)]!;
          console.error(
            `lighthouse: ${label} ${formFactor} ${page.path}: performance ${median.performance}, LCP ${median.lcpMs} ms, TBT ${median.totalBlockingTimeMs} ms, JS ${median.jsTransferBytes} B (benchmark index ${median.benchmarkIndex})`,
          );
          scores.get(label)!.push(median);
        }
      }
    }
    return {
      runsPerPage: RUNS,
      builds: builds.map((build) => ({ ...build, pages: scores.get(build.label)! })),
    };
  } finally {
    await browser.close();
    for (const server of served) await server.stop();
    if (ownBuild) await rm(ownBuild, { recursive: true, force: true });
  }
}

export async function buildWeb(outDir: string) {
  console.error(`lighthouse: building the web app into ${outDir}`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps', 'web'),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** One build served by the whole app on a fresh database with the demo seeded, and its visitors signed in. */
async function serve(adminUrl: string, label: string, webDistDir: string): Promise<Served> {
  const database = await freshDatabase(adminUrl);
  const server = await startServer('bench/servers/web-server.ts', {
    DATABASE_URL: database.url,
    WEB_DIST_DIR: webDistDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_SCREEN_PASSCODE: DEMO_SCREEN.pass_code,
  });
  return {
    label,
    webDistDir,
    origin: server.origin,
    storage: await signIn(server.origin),
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

/** What each kind of visitor keeps in localStorage, the way the web app stores it. */
async function signIn(origin: string): Promise<Record<Visitor, Record<string, string>>> {
  const staff = await postJson(`${origin}/api/auth/login`, ADMIN);
  const screen = await postJson(`${origin}/api/screen-auth/authenticate`, DEMO_SCREEN);
  return {
    anonymous: {},
    staff: { 'user-token': staff.data.token },
    screen: { 'screen-token': screen.data.access_token, 'screen-session': JSON.stringify(screen.data) },
  };
}

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART on a loaded machine); such a run is repeated. */
async function scoreWithRetry(score: () => Promise<PageScore>, attempts = 3): Promise<PageScore> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await score();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`lighthouse: ${(error as Error).message}; trying again`);
    }
  }
}

async function scorePage(
  tools: BrowserTools,
  browser: BenchBrowser,
  origin: string,
  pagePath: string,
  formFactor: PageScore['formFactor'],
  storage: Record<string, string>,
): Promise<PageScore> {
  const page = await browser.newPage();
  try {
    // Lighthouse clears the cache, service workers and Cache Storage before it loads the page,
    // but keeps localStorage: a signed-in visitor stays signed in.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const result = await tools.lighthouse(
      `${origin}${pagePath}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
      formFactor === 'desktop' ? tools.desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    // BENCH_LIGHTHOUSE_REPORTS: a folder to keep each run's whole report in, to see where the time went.
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}-${Date.now()}.json`;
      await writeFile(path.join(reports, name), JSON.stringify(result.lhr));
    }
    return toScore(result.lhr, pagePath, formFactor);
  } finally {
    await page.close();
  }
}

function toScore(lhr: LighthouseResult, pagePath: string, formFactor: PageScore['formFactor']): PageScore {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
  const performance = lhr.categories.performance?.score;
  if (performance === null || performance === undefined) throw new Error(`Lighthouse on ${pagePath}: no score`);
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    path: pagePath,
    formFactor,
    performance: Math.round(performance * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    jsTransferBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    jsResourceBytes: scripts.reduce((sum, request) => sum + (request.resourceSize ?? 0), 0),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}
