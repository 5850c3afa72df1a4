import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layering the house keeps (decision 080), checked on every import of the
 * sources: the web's features never import each other and shared code never imports a feature; the
 * server's lib/ and db/ never import a module or plugin; no two server modules import each other,
 * however indirectly; no file imports itself back through others. A checker of our own: the
 * dependency checkers of npm read TypeScript through its compiler API, which TypeScript 7 (tsgo,
 * the project's compiler) does not publish yet.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const EXTENSIONS = ['.ts', '.tsx'];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** One import of a repository file; `typeOnly` when it is erased from the JavaScript (`import type`). */
interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry)) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** The repository path an import names, or null for a package's. */
function resolveImport(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@/')) target = path.join(root, 'apps/web/src', specifier.slice(2));
  else if (specifier.startsWith('@adloop/contract/'))
    target = path.join(root, 'packages/contract/src', specifier.slice(17));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [
    target,
    ...EXTENSIONS.map((ext) => target + ext),
    ...EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found ? path.relative(root, found) : path.relative(root, target);
}

/** Every import of the repository's own files, as paths from the repository root. */
function importEdges(): Edge[] {
  return SOURCE_ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
      const to = resolveImport(file, (match[2] ?? match[3])!);
      return to === null ? [] : [{ from: path.relative(root, file), to, typeOnly: match[1] !== undefined }];
    }),
  );
}

/** Strongly connected groups of more than one node (or a node importing itself): the cycles. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || edges.get(node)?.has(node)) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return found;
}

const allImports = importEdges();
const edgesOf = (pairs: Array<[string, string]>) => {
  const edges = new Map<string, Set<string>>();
  for (const [from, to] of pairs) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  return edges;
};
const violations = (rule: (from: string, to: string) => boolean) =>
  allImports.filter(({ from, to }) => rule(from, to)).map(({ from, to }) => `${from} → ${to}`);

describe('import boundaries', () => {
  it('reads the sources it guards', () => {
    expect(new Set(allImports.map((edge) => edge.from)).size).toBeGreaterThan(300);
    expect(allImports.length).toBeGreaterThan(1000);
  });

  it("keeps the web's features apart: a feature imports only itself and shared code", () => {
    const featureOf = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    expect(
      violations((from, to) => {
        const source = featureOf(from);
        const target = featureOf(to);
        return source !== undefined && target !== undefined && source !== target;
      }),
    ).toEqual([]);
  });

  it("keeps the web's shared code below its features and app", () => {
    expect(
      violations(
        (from, to) =>
          /^apps\/web\/src\/(components|lib|hooks|config|types|utils)\//.test(from) &&
          /^apps\/web\/src\/(features|app)\//.test(to),
      ),
    ).toEqual([]);
  });

  it("keeps the server's lib and db below its modules and plugins, and the contract free of the apps", () => {
    expect(
      violations(
        (from, to) =>
          (/^apps\/server\/src\/(lib|db)\//.test(from) && /^apps\/server\/src\/(modules|plugins)\//.test(to)) ||
          (from.startsWith('packages/contract/') && to.startsWith('apps/')),
      ),
    ).toEqual([]);
  });

  it('has no server modules that import each other, however indirectly', () => {
    const moduleOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
    // Types count: a module that needs another's types depends on it as much as on its functions.
    const pairs = allImports
      .map(({ from, to }) => [moduleOf(from), moduleOf(to)])
      .filter(
        (pair): pair is [string, string] => pair[0] !== undefined && pair[1] !== undefined && pair[0] !== pair[1],
      );
    expect(cycles(edgesOf(pairs))).toEqual([]);
  });

  it('has no file that imports itself back through others at run time', () => {
    // A cycle of type imports only is erased from the JavaScript and cannot leave a value undefined.
    const runtime = allImports.filter((edge) => !edge.typeOnly).map(({ from, to }): [string, string] => [from, to]);
    expect(cycles(edgesOf(runtime))).toEqual([]);
  });
});
