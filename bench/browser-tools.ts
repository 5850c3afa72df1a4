import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.ts';

/**
 * Lighthouse and puppeteer-core, which only the Lighthouse bench uses, stay out of the project's
 * install (issue 22: with Sentry and OpenTelemetry they were ~130 MB of every `npm ci`). The bench
 * installs them on first use, at these versions, into `bench/.tools` (git-ignored), and loads them
 * from there; the types below are the parts of their APIs the bench calls.
 */
const TOOLS = { lighthouse: '13.5.0', 'puppeteer-core': '25.16.0' } as const;
const TOOLS_DIR = path.join(root, 'bench/.tools');

export interface LighthouseResult {
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  environment: { benchmarkIndex: number };
}

export interface BenchPage {
  goto(url: string): Promise<unknown>;
  evaluate<Arg>(run: (arg: Arg) => void, arg: Arg): Promise<void>;
  close(): Promise<void>;
}

export interface BenchBrowser {
  newPage(): Promise<BenchPage>;
  close(): Promise<void>;
}

export interface BrowserTools {
  lighthouse(
    url: string,
    flags: { logLevel: string; output: string; onlyCategories: string[] },
    config: unknown,
    page: BenchPage,
  ): Promise<{ lhr: LighthouseResult } | undefined>;
  desktopConfig: unknown;
  launch(options: { executablePath: string; headless: boolean; args: string[] }): Promise<BenchBrowser>;
}

function installed(name: keyof typeof TOOLS): string | null {
  const manifest = path.join(TOOLS_DIR, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? manifest : null;
}

/** Installs the tools when missing (npm registry only; puppeteer-core downloads no browser). */
function ensureInstalled(): void {
  const missing = (Object.keys(TOOLS) as (keyof typeof TOOLS)[]).filter((name) => !installed(name));
  if (missing.length === 0) return;
  console.error(`bench: installing ${missing.map((name) => `${name}@${TOOLS[name]}`).join(', ')} into bench/.tools…`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      TOOLS_DIR,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      ...Object.entries(TOOLS).map(([name, version]) => `${name}@${version}`),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** Lighthouse and a puppeteer launcher, installed first if need be. */
export async function browserTools(): Promise<BrowserTools> {
  ensureInstalled();
  // Resolved from bench/.tools, not from this file, which the project's node_modules would answer.
  const fromTools = createRequire(path.join(TOOLS_DIR, 'resolve.cjs'));
  const load = (name: keyof typeof TOOLS) => import(pathToFileURL(fromTools.resolve(name)).href);
  const [lighthouse, puppeteer] = await Promise.all([load('lighthouse'), load('puppeteer-core')]);
  return {
    lighthouse: lighthouse.default,
    desktopConfig: lighthouse.desktopConfig,
    launch: (options) => puppeteer.default.launch(options),
  };
}
