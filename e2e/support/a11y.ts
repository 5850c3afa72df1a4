import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, one h1) so they are reported too. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** What fails a test; moderate and minor findings are reported, not failed on. */
const BLOCKING = new Set(['serious', 'critical']);

export type Finding = { view: string; rule: string; impact: string; targets: string[]; help: string };

/**
 * Waits two frames (layout observers report a resize) and until no finite animation or
 * transition is running (a theme switch fades colours), so axe sees what a reader finally sees.
 * Asks again until two checks in a row find none: a theme switch's transitions may start a
 * frame after the first check (the app follows the system theme from a media-query listener),
 * and a badge was once audited mid-fade from dark to light (its green at 4.11:1, not 5:1).
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Settled once two checks in a row, two frames apart, find nothing running.
    let quiet = 0;
    for (let round = 0; round < 30 && quiet < 2; round += 1) {
      await twoFrames();
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      quiet = finite.length === 0 ? quiet + 1 : 0;
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** The rules whose outcome depends on colour, the only thing a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Puts axe into the page's document once: the dashboard moves between pages by history, not by
 * loads, so one copy serves every audit until a load replaces the document. (@axe-core/playwright
 * evaluated the 560 kB source again and opened a blank tab to finish every run: most of an audit.)
 */
async function injectAxe(page: Page) {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
}

/**
 * Runs axe over the page as it stands and returns its violations, each named after `view`.
 * `coloursOnly` checks just the colour rules, for a page already audited in the other theme.
 */
export async function audit(page: Page, view: string, { coloursOnly = false } = {}): Promise<Finding[]> {
  await settleAnimations(page);
  await injectAxe(page);
  const options: axe.RunOptions = {
    resultTypes: ['violations'],
    // Experimental in axe, but WCAG 2.5.3: a control's accessible name contains its visible label.
    rules: { 'label-content-name-mismatch': { enabled: true } },
    runOnly: coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: TAGS },
  };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
  return results.violations.map((violation) => ({
    view,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    targets: violation.nodes.map((node) => {
      // The first failed check says why, e.g. the two colours and their contrast ratio.
      const why = [...node.any, ...node.all, ...node.none][0]?.message;
      return why ? `${node.target.join(' ')} — ${why}` : node.target.join(' ');
    }),
    help: violation.help,
  }));
}

export function blocking(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => BLOCKING.has(finding.impact));
}

/** One line per violation: where, which rule, how bad, and the elements it names. */
export function describe(findings: readonly Finding[]): string {
  return findings
    .map(
      ({ view, rule, impact, targets, help }) =>
        `${view}: ${rule} (${impact}) ${help}\n    ${targets.slice(0, 8).join('\n    ')}` +
        (targets.length > 8 ? `\n    … and ${targets.length - 8} more` : ''),
    )
    .join('\n');
}

/** Elements affected, by rule and impact, e.g. "color-contrast (serious): 12". */
export function tally(findings: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const { rule, impact, targets } of findings) {
    const key = `${rule} (${impact})`;
    counts.set(key, (counts.get(key) ?? 0) + targets.length);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key}: ${count}`)
    .join('\n');
}
