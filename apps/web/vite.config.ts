import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { playerPrecache } from './build/player-precache.ts';
import { AD_LIST_CACHE, MEDIA_CACHE } from './src/features/display/lib/offline-cache.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const precache = playerPrecache();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precache.plugin,
    // The screen player's service worker (DESIGN §6). It controls /ad/screen only (the player
    // registers it with that scope), so the dashboard never runs from a cache.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        manifestTransforms: [precache.transform],
        navigateFallback: 'index.html',
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
  },
});
