import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, E2E_ORIGIN, E2E_PORT } from './support/env.ts';

/** Browser tests in Debian's Chromium (no browser download) against a fresh server on its own data. */
export default defineConfig({
  testDir: './tests',
  // One folder a shard when e2e/support/run-e2e.mjs runs shards side by side.
  outputDir: `../${process.env.E2E_OUTPUT_DIR ?? 'test-results'}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Waits, not measures (speed is the benchmarks'): on the 2-core machine with two shards, the
  // server and two browsers side by side, a dashboard page took 6.5 s to ask for its data on
  // 2026-11-27 and a test 31 s, where the same ran in 3 s and 14 s alone.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    // A failed test keeps its trace (DOM snapshots, network, console) and a screenshot of the end;
    // the trace's screencast, a frame on every paint, cost a tenth of the run (decision 071).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `${E2E_ORIGIN}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: { PORT: String(E2E_PORT) },
  },
});
