import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every reference a file of the repository makes must land inside the repository (issue 22):
// "docs/design.md §N" on a heading of docs/design.md, "decision NNN" on a record in docs/decisions/,
// a relative markdown link on a file, and nothing on the starting brief's folder outside the
// repository (its design file, its sections), which a clone does not have.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const self = relative(root, fileURLToPath(import.meta.url));
const decisionsDir = join(root, 'docs/decisions');

/** Tracked text files, less dependencies, lockfile, benchmark output and unapplied patches (which cite their own records). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(
      (path) =>
        path !== '' &&
        path !== self &&
        !path.split('/').includes('node_modules') &&
        !path.endsWith('package-lock.json') &&
        !path.startsWith('bench/results/') &&
        !path.endsWith('.patch') &&
        existsSync(join(root, path)),
    );
}

function readText(path: string): string | null {
  const text = readFileSync(join(root, path), 'utf8');
  return text.includes('\0') ? null : text;
}

/** The decision records present now, by number: derived from the directory, never listed by hand. */
function decisionRecords(): Map<string, string[]> {
  const records = new Map<string, string[]>();
  for (const name of readdirSync(decisionsDir)) {
    const number = /^(\d{3})-.+\.md$/.exec(name)?.[1];
    if (number) records.set(number, [...(records.get(number) ?? []), name]);
  }
  return records;
}

/** The section numbers of docs/design.md's headings: "## §4a Security" gives "4a". */
function designSections(): Set<string> {
  const text = readFileSync(join(root, 'docs/design.md'), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+§(\d+[a-z]?(?:\.\d+)?)\b/gm)].map((match) => match[1] as string));
}

const DESIGN_CITATION = /design\.md §(\d+[a-z]?(?:\.\d+)?)/g;
// "decision 036", "Decision 044:", "decisions 040 and 076", "decisions 033, 034 and 072".
const DECISION_CITATION = /\b[Dd]ecisions?\s+(\d{3}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)\d{3}\b)*)/g;
// "(033)", "036's", "docs/decisions/020".
const SHORT_CITATION = /\((0\d\d)\)|\b(0\d\d)'s\b|docs\/decisions\/(\d{3})(?!\d)/g;
// Inside decision records: "supersedes … of 021", "amended by 076", "of 034 and 038".
const RECORD_CITATION = /\b(?:of|by|amends|supersedes|replaces|and)\s+(0\d\d)\b(?!\s*%)/g;
// Written in pieces so this file does not cite them itself: the brief's folder, its design file,
// and its sections in capitals.
const BRIEF = ['sha', 'red'].join('');
const OUTSIDE_REPOSITORY = new RegExp(
  [`\\.\\./${BRIEF}/`, `/work/${BRIEF}/`, `\\b${'DES'}IGN\\.md\\b`, `\\b${'DES'}IGN §`].join('|'),
  'g',
);
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

type Problem = string;

/** "accepted", "superseded": the word a status starts with. */
const statusWord = (status: string | undefined) =>
  status
    ?.trim()
    .toLowerCase()
    .match(/^[a-z]+/)?.[0];

function eachLine(text: string, visit: (line: string, lineNumber: number) => void) {
  for (const [index, line] of text.split('\n').entries()) visit(line, index + 1);
}

function citedDecisions(path: string, line: string): string[] {
  const numbers = [...line.matchAll(DECISION_CITATION)].flatMap((match) => match[1]?.match(/\d{3}/g) ?? []);
  for (const match of line.matchAll(SHORT_CITATION)) numbers.push((match[1] ?? match[2] ?? match[3]) as string);
  if (path.startsWith('docs/decisions/')) {
    for (const match of line.matchAll(RECORD_CITATION)) numbers.push(match[1] as string);
  }
  return numbers;
}

function brokenLinks(path: string, text: string): Problem[] {
  const problems: Problem[] = [];
  let inFence = false;
  eachLine(text, (line, lineNumber) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) return;
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
      const target = match[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const file = decodeURIComponent(target.split('#')[0] as string);
      const resolved = file.startsWith('/') ? join(root, file) : join(root, dirname(path), file);
      if (!existsSync(resolved)) problems.push(`${path}:${lineNumber}: link to ${target}, which does not exist`);
    }
  });
  return problems;
}

describe('references inside the repository', () => {
  const files = trackedFiles();
  const texts = files.flatMap((path) => {
    const text = readText(path);
    return text === null ? [] : [{ path, text }];
  });

  it('cites docs/design.md § only for sections it has', () => {
    const sections = designSections();
    const problems: Problem[] = [];
    for (const { path, text } of texts) {
      eachLine(text, (line, lineNumber) => {
        for (const match of line.matchAll(DESIGN_CITATION)) {
          if (!sections.has(match[1] as string)) {
            problems.push(
              `${path}:${lineNumber}: docs/design.md §${match[1]} has no heading "§${match[1]}" in docs/design.md`,
            );
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('cites only decision records that exist, each number held by one record', () => {
    const records = decisionRecords();
    const problems: Problem[] = [...records]
      .filter(([, names]) => names.length > 1)
      .map(([number, names]) => `docs/decisions: ${names.join(' and ')} share the number ${number}`);
    for (const { path, text } of texts) {
      eachLine(text, (line, lineNumber) => {
        for (const number of citedDecisions(path, line)) {
          if (!records.has(number))
            problems.push(`${path}:${lineNumber}: decision ${number} has no docs/decisions/${number}-*.md`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('links markdown only to files that exist', () => {
    const problems = texts
      .filter(({ path }) => path.endsWith('.md'))
      .flatMap(({ path, text }) => brokenLinks(path, text));
    expect(problems).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    const problems: Problem[] = [];
    for (const { path, text } of texts) {
      eachLine(text, (line, lineNumber) => {
        for (const match of line.matchAll(OUTSIDE_REPOSITORY)) {
          problems.push(
            `${path}:${lineNumber}: cites ${match[0]}, which a clone does not have (docs/design.md is ours)`,
          );
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('indexes every decision record once, with the status its file gives', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    const rows = [...index.matchAll(/^\|\s*(\d{3})\s*\|\s*\[[^\]]*\]\((\d{3}-[^)]+\.md)\)\s*\|[^|]*\|\s*([^|]*)\|/gm)];
    const indexed = rows.map((row) => row[2] as string);
    const present = [...decisionRecords().values()].flat();
    const problems: Problem[] = [
      ...present
        .filter((name) => !indexed.includes(name))
        .map((name) => `docs/decisions/README.md: no row for ${name}`),
      ...indexed
        .filter((name, at) => !present.includes(name) || indexed.indexOf(name) !== at)
        .map((name) => `docs/decisions/README.md: a row for ${name}, which is not a record or is listed twice`),
    ];
    for (const [, number, name, status] of rows) {
      if (!name?.startsWith(`${number}-`)) problems.push(`docs/decisions/README.md: row ${number} links ${name}`);
      if (!name || !existsSync(join(decisionsDir, name))) continue;
      const recorded = /^[-*\s]*Status:\s*(\S+)/im.exec(readFileSync(join(decisionsDir, name), 'utf8'))?.[1];
      if (!recorded) problems.push(`docs/decisions/${name}: no "Status:" line`);
      else if (statusWord(recorded) !== statusWord(status)) {
        problems.push(
          `docs/decisions/README.md: ${name} is "${status?.trim()}" in the index but "${recorded}…" in its file`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});
