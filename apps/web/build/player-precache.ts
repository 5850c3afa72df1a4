import type { Plugin } from 'vite';
import { PLAYER_DOCUMENT } from './page-documents.ts';

type ManifestEntry = { url: string; revision: string | null; size: number };

/** The screen player's own entry: its document's script (decision 081). */
const PLAYER_ENTRY = /(\/screen\.html|app\/screen-main\.tsx)$/;
/** The player's two pages, which must be among what a screen keeps. */
const PLAYER_PAGES = /features\/display\/(display-page|screen-connect-page)\.tsx$/;
/**
 * The stream engines (hls.js, dash.js), which the player imports only for a list with a stream
 * (decision 053): a stream cannot play offline, so its engine is not kept for offline play.
 */
const STREAM_ENGINES = /\/node_modules\/(hls\.js|dashjs)\//;

/**
 * Works out which built files the screen player needs (its document, its entry and everything
 * that loads, at once or on demand, and their CSS), so that the service worker precaches those
 * and not the web app. Answers the Vite plugin that reads the bundle graph and the Workbox
 * manifest transform that filters the precache list with it.
 */
export function playerPrecache(): {
  plugin: Plugin;
  transform: (entries: ManifestEntry[]) => Promise<{ manifest: ManifestEntry[]; warnings: string[] }>;
} {
  const files = new Set<string>([PLAYER_DOCUMENT, 'favicon.svg']);

  const plugin: Plugin = {
    name: 'adloop:player-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find(
        (chunk) =>
          chunk.isEntry && [chunk.facadeModuleId ?? '', ...chunk.moduleIds].some((id) => PLAYER_ENTRY.test(id)),
      );
      if (!entry) return this.error('player-precache: the screen player entry chunk was not found');
      // The entry imports only the player, so everything it loads is the player's own code.
      const pending = [entry.fileName];
      const pages = new Set<string>();
      while (pending.length > 0) {
        const chunk = chunks.get(pending.pop()!);
        if (!chunk || files.has(chunk.fileName)) continue;
        if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => STREAM_ENGINES.test(id))) continue;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const id of chunk.moduleIds) if (PLAYER_PAGES.test(id)) pages.add(id);
        pending.push(...chunk.imports, ...chunk.dynamicImports);
      }
      if (pages.size !== 2) this.error('player-precache: the display and screen connect pages were not found');
    },
  };

  const transform = async (entries: ManifestEntry[]) => ({
    manifest: entries.filter((entry) => files.has(entry.url)),
    warnings: [],
  });

  return { plugin, transform };
}
