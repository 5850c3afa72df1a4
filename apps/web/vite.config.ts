import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { dashboardStartChunkName } from './build/first-load-chunks.ts';
import { EARLY_REQUESTS_MODULE, PLAYER_DOCUMENT, pageDocuments } from './build/page-documents.ts';
import { playerChunkName } from './build/player-chunks.ts';
import { playerPrecache } from './build/player-precache.ts';
import { precompress } from './build/precompress.ts';
import { AD_LIST_CACHE, MEDIA_CACHE } from './src/features/display/lib/offline-cache.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/** What the screen player reports as its version (decision 060): APP_VERSION, else the package's and the commit built. */
function appVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return `${version}+${commit}`;
  } catch {
    return version;
  }
}
const precache = playerPrecache();

/** The player's paths, which the server answers with the player's document (decision 081). */
const PLAYER_PATHS = /^\/ad\/screen(\/display)?\/?$/;

/** `npm run dev` answers the player's paths with its document too, as the server does. */
function playerDocumentInDev(): Plugin {
  return {
    name: 'adloop:player-document-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '', query] = (request.url ?? '').split('?');
        if (PLAYER_PATHS.test(pathname) && request.headers.accept?.includes('text/html')) {
          request.url = `/${PLAYER_DOCUMENT}${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  // At most the 64 characters a health report may hold.
  define: { __APP_VERSION__: JSON.stringify(appVersion().trim().slice(0, 64) || '0') },
  plugins: [
    react(),
    tailwindcss(),
    playerDocumentInDev(),
    precache.plugin,
    pageDocuments(),
    // The screen player's service worker (docs/design.md §6). It controls /ad/screen only (the player
    // registers it with that scope), so the dashboard never runs from a cache.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        manifestTransforms: [precache.transform],
        // The player's own document (decision 081), for a screen that boots without network.
        navigateFallback: PLAYER_DOCUMENT,
        navigateFallbackAllowlist: [/^\/ad\/screen/],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The last ad list, so a screen rebooted without network plays what it had.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/screen-auth/ads',
            handler: 'NetworkFirst',
            options: {
              cacheName: AD_LIST_CACHE,
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Media names are content hashes, so a stored file never goes stale. Videos play by
            // range requests: they are answered from the whole stored file (the player stores it).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: MEDIA_CACHE,
              rangeRequests: true,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // Last: it compresses what the plugins above wrote, the service worker included.
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // The web app, and the screen player's own document without the app's router, pages and
      // libraries (decision 081); the dashboard's early requests, which its document loads first
      // (decision 096).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        screen: fileURLToPath(new URL(`./${PLAYER_DOCUMENT}`, import.meta.url)),
        early: fileURLToPath(new URL(`./${EARLY_REQUESTS_MODULE}`, import.meta.url)),
      },
      // Shared modules under 3 kB (an icon, a small UI part) are copied into the chunks that use
      // them instead of becoming chunks of their own: the landing page loads 12 files, not 27,
      // each a round trip on a phone network (decision 046). The entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 3000 },
          // What the web app and the player's document share, and the player's own start, as one
          // chunk each: a kiosk boots on 3 scripts, not 12 (decision 081).
          // The dashboard home's first load, as one chunk (decision 096).
          groups: [
            { name: playerChunkName(), debugName: 'player', includeDependenciesRecursively: false },
            { name: dashboardStartChunkName(), debugName: 'dashboard-start', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
