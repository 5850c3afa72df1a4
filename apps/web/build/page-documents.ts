import { readFileSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';
import { paths } from '../src/lib/paths.ts';

type OutputChunk = Rolldown.OutputChunk;

/** The screen player's own document (decision 081); every other page is index.html's. */
export const PLAYER_DOCUMENT = 'screen.html';

/** The entry that asks for a page's first answers before the app's code has run (decision 096). */
export const EARLY_REQUESTS_MODULE = 'src/lib/early-requests.ts';

/**
 * The pages opened first by a visitor, a staff member or a screen, the modules each one renders,
 * and the document they start from (index.html unless said).
 */
const PAGES: { path: string; modules: RegExp[]; document?: string; bootShell?: string; earlyRequests?: true }[] = [
  { path: paths.home.path, modules: [/features\/landing\/landing-page\.tsx$/] },
  { path: paths.pricing.path, modules: [/features\/pricing\/pricing-page\.tsx$/] },
  {
    path: paths.login.path,
    modules: [/app\/routes\/staff-routes\.tsx$/, /app\/staff-session-layout\.tsx$/, /features\/auth\/login-page\.tsx$/],
  },
  {
    path: paths.dashboard.path,
    modules: [
      /app\/routes\/staff-routes\.tsx$/,
      /app\/staff-session-layout\.tsx$/,
      /components\/layouts\/dashboard-layout\.tsx$/,
      /features\/settings\/components\/password-change-gate\.tsx$/,
      /features\/dashboard\/dashboard-page\.tsx$/,
    ],
    // The dashboard's frame, painted from the document before its code has arrived (decision 093),
    // and the session check and the home's summary asked for beside that code (decision 096).
    bootShell: 'dashboard-boot-shell.html',
    earlyRequests: true,
  },
  {
    path: paths.screenConnect.path,
    // A fresh display shows its pairing code as a QR code at once (decision 088).
    modules: [/features\/display\/screen-connect-page\.tsx$/, /lib\/qr-svg\.ts$/],
    document: PLAYER_DOCUMENT,
  },
  // A kiosk boots here with its stored session: the loop's code downloads beside the entry.
  { path: paths.screenDisplay.path, modules: [/features\/display\/display-page\.tsx$/], document: PLAYER_DOCUMENT },
];

/** Where the app renders; a page's boot shell goes just before it, and the app removes it (`lib/boot-shell.ts`). */
const ROOT_ELEMENT = '<div id="root"></div>';

/** The start of the app's entry script in a document. */
const MODULE_SCRIPT = '<script type="module"';

/** The name of a page's document in its folder of the build; the web server's static `index` (plugins/web.ts). */
const PAGE_DOCUMENT = 'page.html';

/**
 * The app's pages load their code on demand, so a fresh visit would fetch the entry, run it, and
 * only then ask for the page's own code: two trips over a slow network before anything shows.
 * For each page above this writes a copy of its document (`/pricing` → `pricing/page.html`) that
 * also preloads the page's chunks, so they download beside the entry. Every other path keeps the
 * plain index.html (decision 046); the screen player's service worker, screen.html (decision 081).
 */
export function pageDocuments(): Plugin {
  return {
    name: 'adloop:page-documents',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

        for (const page of PAGES) {
          const source = page.document ?? 'index.html';
          const template = bundle[source];
          if (template?.type !== 'asset') return this.error(`page-documents: ${source} is not in the bundle`);
          const html = String(template.source);
          const roots = page.modules.map((pattern) => {
            // A dynamic entry that shares modules with the chunks it loads later (the staff routes and
            // the page registry the sidebar also reads) can come out of the build with no facade.
            const chunk =
              chunks.find((candidate) => candidate.facadeModuleId && pattern.test(candidate.facadeModuleId)) ??
              chunks.find((candidate) => candidate.moduleIds.some((id) => pattern.test(id)));
            if (!chunk) this.error(`page-documents: no chunk for ${pattern} (${page.path})`);
            return chunk;
          });
          const { scripts, styles } = staticClosure(roots, byName);
          const links = [
            ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ].filter((link) => !html.includes(link.match(/href="([^"]+)"/)![1]!));
          const folder = page.path === '/' ? '' : `${page.path.slice(1)}/`;
          let document = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
          if (page.earlyRequests) {
            const early = chunks.find(
              (chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(EARLY_REQUESTS_MODULE),
            );
            if (!early) return this.error(`page-documents: no entry chunk for ${EARLY_REQUESTS_MODULE}`);
            if (!document.includes(MODULE_SCRIPT)) return this.error(`page-documents: ${source} has no module script`);
            // Async, before the app's entry: it runs as soon as it is in, not after the document,
            // its stylesheets or the app's code.
            document = document.replace(
              MODULE_SCRIPT,
              `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    ${MODULE_SCRIPT}`,
            );
          }
          this.emitFile({
            type: 'asset',
            fileName: `${folder}${PAGE_DOCUMENT}`,
            source: page.bootShell
              ? withBootShell(document, page.bootShell, (message) => this.error(message))
              : document,
          });
        }
      },
    },
  };
}

/** The chunks and CSS that loading these chunks pulls in at once (static imports, not dynamic ones). */
function staticClosure(roots: OutputChunk[], byName: Map<string, OutputChunk>) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const pending = roots.map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (scripts.has(fileName)) continue;
    const chunk = byName.get(fileName);
    if (!chunk || chunk.isEntry) continue;
    scripts.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    pending.push(...chunk.imports);
  }
  return { scripts, styles };
}

/**
 * A document that paints a page's frame before its code and its stylesheet arrive (decision 093):
 * the frame, with its own few styles, goes just before the app's root, and the stylesheets move
 * from the head to just after the frame. A stylesheet in the body holds back only what follows
 * it, so the frame paints as soon as the document is in, while the app's code (which renders
 * into the root) still waits for them.
 */
function withBootShell(document: string, file: string, fail: (message: string) => never): string {
  if (!document.includes(ROOT_ELEMENT)) fail(`page-documents: the document has no ${ROOT_ELEMENT}`);
  const shell = readFileSync(new URL(file, import.meta.url), 'utf8').trim();
  const stylesheets = document.match(STYLESHEET_LINK) ?? [];
  return document
    .replace(STYLESHEET_LINK, '')
    .replace(/\n\s*\n/g, '\n')
    .replace(ROOT_ELEMENT, `${shell}\n    ${stylesheets.join('\n    ')}\n    ${ROOT_ELEMENT}`);
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/g;
