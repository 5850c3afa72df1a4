/** The server the browser tests start: its own port, data directory and known credentials. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const ADMIN = { email: 'admin@e2e.adloop.test', password: 'e2e-admin-password' } as const;
export const DEMO_SCREEN = { screenCode: 'DEMO-SCREEN-01', passcode: '135790' } as const;
