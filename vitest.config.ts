import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's single import alias, for its unit tests.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          environment: 'node',
          // Worker threads start faster than forked processes (decision 057).
          pool: 'threads',
          // Component tests (*.test.tsx) choose jsdom in their first line, so the rest stay on plain node.
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/src/**/*.test.tsx',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.api.test.ts'],
          // Migrations run once per run, each file copies the result; test users hash cheaply (decision 057).
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          setupFiles: ['apps/server/test/helpers/api-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Forked processes, one module graph each (decision 057): the server's modules hold no state
          // a file could leave behind (no mocks, no env changes), and each file builds its own app.
          // Not threads: on Node 24, PGlite's WebAssembly in two threads of one process crashed V8
          // ("Check failed: jit_page_->allocations_.erase(addr) == 1", UnregisterWasmAllocation).
          pool: 'forks',
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
