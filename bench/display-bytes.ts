import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { freshDatabase, startServer } from './lib.ts';
import { buildWeb } from './lighthouse.ts';

/**
 * The screen player's JavaScript on the wire (decision 081), in the two flows a screen goes
 * through: a kiosk that boots with its stored session, and a new screen's first connect (the
 * connect form, the sign-in, the display it opens). Bytes as the browser received them: each
 * script's body as sent (brotli) and its headers. BENCH_WEB_DIST measures that build instead of
 * building the web app; BENCH_WEB_BASELINE_DIST adds another, measured beside it.
 */

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_SCREEN = { screen_code: 'DEMO-SCREEN-01', pass_code: '246810' };
/** The caption the player shows once an ad plays (spec §2). */
const PLAYING = /^Playing ad \d+ of \d+ - /;

export interface FlowBytes {
  /** Scripts' bodies as sent and their headers. */
  wireBytes: number;
  scripts: { path: string; wireBytes: number }[];
}

export interface BuildDisplayBytes {
  label: string;
  webDistDir: string;
  bootWithStoredSession: FlowBytes;
  firstConnect: FlowBytes;
}

export async function benchDisplayBytes(adminUrl: string): Promise<{ builds: BuildDisplayBytes[] }> {
  const builds: { label: string; webDistDir: string }[] = [];
  const baseline = process.env.BENCH_WEB_BASELINE_DIST;
  if (baseline) builds.push({ label: 'baseline', webDistDir: path.resolve(baseline) });
  const ownBuild = process.env.BENCH_WEB_DIST ? undefined : await mkdtemp(path.join(tmpdir(), 'adloop-bench-web-'));
  if (ownBuild) await buildWeb(ownBuild);
  builds.push({ label: 'current', webDistDir: path.resolve(process.env.BENCH_WEB_DIST ?? ownBuild!) });

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const measured: BuildDisplayBytes[] = [];
    for (const build of builds) {
      const database = await freshDatabase(adminUrl);
      const server = await startServer('bench/servers/web-server.ts', {
        DATABASE_URL: database.url,
        WEB_DIST_DIR: build.webDistDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        DEMO_SCREEN_PASSCODE: DEMO_SCREEN.pass_code,
      });
      try {
        const bootWithStoredSession = await measure(browser, (page) => bootWithSession(page, server.origin));
        const firstConnect = await measure(browser, (page) => connect(page, server.origin));
        console.error(
          `display-bytes: ${build.label}: boot with a stored session ${bootWithStoredSession.wireBytes} B (${bootWithStoredSession.scripts.length} scripts), first connect ${firstConnect.wireBytes} B (${firstConnect.scripts.length} scripts)`,
        );
        measured.push({ ...build, bootWithStoredSession, firstConnect });
      } finally {
        await server.stop();
        await database.drop();
      }
    }
    return { builds: measured };
  } finally {
    await browser.close();
    if (ownBuild) await rm(ownBuild, { recursive: true, force: true });
  }
}

/** Runs a flow in a fresh browser context (no cache, no service worker) and adds up its scripts. */
async function measure(browser: Browser, flow: (page: Page) => Promise<void>): Promise<FlowBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || !url.pathname.startsWith('/assets/')) return;
    scripts.set(
      url.pathname,
      response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize),
    );
  });
  try {
    await flow(page);
    await page.getByText(PLAYING).waitFor();
    // The event stream stays open, so not networkidle: anything loaded later comes within this.
    await page.waitForTimeout(2_000);
    const measured = await Promise.all(
      [...scripts].map(async ([scriptPath, bytes]) => ({ path: scriptPath, wireBytes: await bytes })),
    );
    return { wireBytes: measured.reduce((sum, script) => sum + script.wireBytes, 0), scripts: measured };
  } finally {
    await context.close();
  }
}

/** A kiosk rebooting: its session is in localStorage, the way the player stores it. */
async function bootWithSession(page: Page, origin: string) {
  const response = await fetch(`${origin}/api/screen-auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SCREEN),
  });
  if (!response.ok) throw new Error(`screen sign-in: ${response.status} ${await response.text()}`);
  const session = (await response.json()).data as { access_token: string; screen_code: string };
  await page.addInitScript((stored) => {
    localStorage.setItem('screen-token', stored.access_token);
    localStorage.setItem('screen-session', JSON.stringify(stored));
  }, session);
  await page.goto(`${origin}/ad/screen/display?screenId=${encodeURIComponent(session.screen_code)}`);
}

/** A new screen: the connect form, typed credentials, then the display it opens. */
async function connect(page: Page, origin: string) {
  await page.goto(`${origin}/ad/screen`);
  await page.getByLabel('Screen ID').fill(DEMO_SCREEN.screen_code);
  await page.getByLabel('Passcode').fill(DEMO_SCREEN.pass_code);
  await page.getByRole('button', { name: 'Start Displaying Ads' }).click();
}
