import type { Plugin } from 'vite';

type ManifestEntry = { url: string; revision: string | null; size: number };

/** The routes whose code a screen keeps for offline play: the display and its connect page. */
const PLAYER_PAGES = /features\/display\/(display-page|screen-connect-page)\.tsx$/;

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
      const roots = [...chunks.values()].filter(
        (chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && PLAYER_PAGES.test(chunk.facadeModuleId)),
      );
      if (roots.filter((chunk) => !chunk.isEntry).length !== 2) {
        this.error('player-precache: the display and screen connect page chunks were not found');
      }
      const pending = roots.map((chunk) => chunk.fileName);
      while (pending.length > 0) {
        const fileName = pending.pop()!;
        if (files.has(fileName)) continue;
        files.add(fileName);
        const chunk = chunks.get(fileName);
        if (!chunk) continue;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        pending.push(...chunk.imports);
        // The entry's dynamic imports are every page of the app; the player's own are its code.
        if (!chunk.isEntry) pending.push(...chunk.dynamicImports);
      }
    },
  };

  const transform = async (entries: ManifestEntry[]) => ({
    manifest: entries.filter((entry) => files.has(entry.url)),
    warnings: [],
  });

  return { plugin, transform };
}
