import { fileURLToPath } from 'node:url';
import { type ModuleGraph, RUNTIME, staticClosure } from './player-chunks.ts';

/**
 * The dashboard home's first load as one chunk (decision 096). Left to itself, the bundler cuts
 * the code the dashboard's frame and home need into some 25 files by which other pages share each
 * piece, and a phone opening `/dashboard` over HTTP/1.1 asks for them six at a time, a round trip
 * for each six. What the home's first load needs that neither every page (the app's entry), the
 * sign-in page, the public pages nor the screen player load goes to one chunk, `dashboard-start`;
 * every other dashboard page loads it too, as it loads the frame.
 */

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** The modules the home's first load starts from (the dashboard's entry in build/page-documents.ts, less what sign-in shares). */
const HOME_ROOTS = [
  'components/layouts/dashboard-layout.tsx',
  'features/settings/components/password-change-gate.tsx',
  'features/dashboard/dashboard-page.tsx',
].map(source);

/**
 * Loaded without the dashboard: their modules stay where the bundler puts them. The overlays the
 * frame loads after it has painted (decision 101) are among them, so the public pages' toaster
 * does not fetch the dashboard's chunk for an icon they share.
 */
const ELSEWHERE_ROOTS = [
  'components/ui/sonner.tsx',
  'components/ui/popover.tsx',
  'components/ui/dropdown-menu.tsx',
  'components/ui/sheet.tsx',
  'components/ui/tooltip.tsx',
  'main.tsx',
  'app/screen-main.tsx',
  'app/routes/staff-routes.tsx',
  'app/staff-session-layout.tsx',
  'features/auth/login-page.tsx',
  'features/landing/landing-page.tsx',
  'features/pricing/pricing-page.tsx',
].map(source);

/** The chunk a module goes to, or null for the bundler's own choice: a `codeSplitting` group's name. */
export function dashboardStartChunkName(): (id: string, graph: ModuleGraph) => string | null {
  let members: Set<string> | undefined;
  return (id, graph) => {
    if (RUNTIME.test(id)) return null;
    // Worked out at the first question of a build, when the module graph is complete.
    if (!members) {
      const elsewhere = staticClosure(graph, ELSEWHERE_ROOTS);
      members = new Set([...staticClosure(graph, HOME_ROOTS)].filter((module) => !elsewhere.has(module)));
    }
    return members.has(id) ? 'dashboard-start' : null;
  };
}
