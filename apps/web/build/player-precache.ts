import type { Plugin } from 'vite';

type ManifestEntry = { url: string; revision: string | null; size: number };

/** The routes whose code a screen keeps for offline play: the display and its connect page. */
const PLAYER_PAGES = /features\/display\/(display-page|screen-connect-page)\.tsx$/;
/**
 * The stream engines (hls.js, dash.js), which the player imports only for a list with a stream
 * (decision 053): a stream cannot play offline, so its engine is not kept for offline play.
 */
const STREAM_ENGINES = /\/node_modules\/(hls\.js|dashjs)\//;

/**
 * Works out which built files the screen player needs (the entry, the player's pages and
 * everything they import, their CSS, index.html), so that the service worker precaches those
 * and not the whole dashboard. Answers the Vite plugin that reads the bundle graph and the
 * Workbox manifest transform that filters the precache list with it.
 */
export function playerPrecache(): {
  plugin: Plugin;
  transform: (entries: ManifestEntry[]) => Promise<{ manifest: ManifestEntry[]; warnings: string[] }>;
} {
  const files = new Set<string>(['index.html', 'favicon.svg']);

  const plugin: Plugin = {
    name: 'adloop:player-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      const players = [...chunks.values()].filter(
        (chunk) => chunk.facadeModuleId !== null && PLAYER_PAGES.test(chunk.facadeModuleId),
      );
      if (players.length !== 2) {
        this.error('player-precache: the display and screen connect page chunks were not found');
      }
      const add = (chunk: (typeof players)[number]) => {
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      };
      // The app shell: the entry and what it imports. Its dynamic imports are every page of the
      // app, so they are not followed, whichever chunk the bundler put the router in.
      const shell = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      while (shell.length > 0) {
        const chunk = chunks.get(shell.pop()!);
        if (!chunk || files.has(chunk.fileName)) continue;
        add(chunk);
        shell.push(...chunk.imports);
      }
      // The player's pages and everything they load, at once or on demand (the player's own code).
      const pending = players.map((chunk) => chunk.fileName);
      while (pending.length > 0) {
        const chunk = chunks.get(pending.pop()!);
        if (!chunk || files.has(chunk.fileName)) continue;
        if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STREAM_ENGINES.test(id))) continue;
        add(chunk);
        pending.push(...chunk.imports, ...chunk.dynamicImports);
      }
    },
  };

  const transform = async (entries: ManifestEntry[]) => ({
    manifest: entries.filter((entry) => files.has(entry.url)),
    warnings: [],
  });

  return { plugin, transform };
}
