import { fileURLToPath } from 'node:url';

/**
 * Chunks for the screen player's document (decision 081). Left to itself, the bundler splits the
 * code the two documents share by which of them use it, and a kiosk's boot came to a dozen
 * scripts, each answered with about 1 kB of headers besides its code. What both documents run at
 * start (React, the toasts and their icons, the HTTP client, the bundler's runtime) goes to one
 * chunk, `shell`; everything else is chunked as before (decision 046).
 */
export type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));
const APP_ENTRY = source('main.tsx');
const PLAYER_ENTRY = source('app/screen-main.tsx');
/**
 * Icons come through lucide's index, which imports them all, so the graph cannot say who draws
 * which: each stays with the code that uses it, but for the toasts' (components/ui/sonner.tsx).
 */
const LUCIDE_ICON = /\/node_modules\/lucide-react\/dist\/esm\/icons\//;
const TOAST_ICON = /\/icons\/(circle-check|info|loader-circle|octagon-x|triangle-exclamation-point)\.mjs$/;
/** The bundler's helpers, which every chunk imports. */
export const RUNTIME = /^\0rolldown\/runtime/;

/** The modules the roots import statically, at any depth, the roots included. */
export function staticClosure(graph: ModuleGraph, roots: string | string[]): Set<string> {
  const seen = new Set<string>();
  const pending = typeof roots === 'string' ? [roots] : [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The chunk a module goes to, or null for the bundler's own choice: a `codeSplitting` group's name. */
export function playerChunkName(): (id: string, graph: ModuleGraph) => string | null {
  let reach: { app: Set<string>; player: Set<string> } | undefined;
  return (id, graph) => {
    if (TOAST_ICON.test(id) || RUNTIME.test(id)) return 'shell';
    if (LUCIDE_ICON.test(id)) return null;
    // Worked out at the first question of a build, when the module graph is complete.
    reach ??= {
      app: staticClosure(graph, APP_ENTRY),
      player: staticClosure(graph, PLAYER_ENTRY),
    };
    return reach.app.has(id) && reach.player.has(id) ? 'shell' : null;
  };
}
