import { existsSync } from 'node:fs';

/** The server the browser tests start: its own port, data directory and known credentials. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: 'admin@e2e.adloop.test', password: 'e2e-admin-password' } as const;
export const DEMO_SCREEN = { screenCode: 'DEMO-SCREEN-01', passcode: '135790' } as const;

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: Debian's headless shell (package chromium-headless-shell, the same
 * Chromium without its windowing layers) when installed, which takes a third less CPU than the
 * full browser in headless mode; else Debian's chromium; CHROMIUM_PATH overrides (decision 071).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
