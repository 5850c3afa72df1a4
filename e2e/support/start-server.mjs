// Starts the built app on a fresh data directory for the browser tests; removes it on exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'adloop-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@e2e.adloop.test',
    ADMIN_PASSWORD: 'e2e-admin-password',
    DEMO_SCREEN_PASSCODE: '135790',
    DEMO_USER_PASSWORD: 'e2e-demo-staff',
    LOG_LEVEL: 'warn',
    // The browser, the tests and the server share a busy CI machine: its loop lag is not the
    // server's own load, so screens are shed only at a second's lag (decision 045).
    ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '1000',
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
