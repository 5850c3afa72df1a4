import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareToControl,
  compareVariants,
  MIN_PLAYS_FOR_SIGNIFICANCE,
  nextVariant,
  normalCdf,
  type RotationState,
  type WeightedVariant,
} from './ab-test.ts';

function run<T extends WeightedVariant>(variants: T[], turns: number, start?: RotationState) {
  let state = start;
  const shown: string[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const next = nextVariant(variants, state);
    state = next.state;
    if (next.variant) shown.push(next.variant.id);
  }
  return { shown, state };
}

const countOf = (shown: string[], id: string) => shown.filter((value) => value === id).length;

describe('weighted rotation', () => {
  it('shows 70/30 as 7 and 3 in 10 turns, interleaved', () => {
    const { shown } = run(
      [
        { id: 'A', weight: 70 },
        { id: 'B', weight: 30 },
      ],
      10,
    );
    expect(countOf(shown, 'A')).toBe(7);
    expect(countOf(shown, 'B')).toBe(3);
    expect(shown.join('')).not.toContain('BB');
    expect(shown.join('')).not.toContain('AAAA');
  });

  it("gives every variant its weight's share within ±1 over any number of turns; weight 0 never shows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 400 }),
        (weights, turns) => {
          const variants = weights.map((weight, index) => ({ id: `v${index}`, weight }));
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          const { shown } = run(variants, turns);
          if (total === 0) {
            expect(shown).toEqual([]);
            return;
          }
          expect(shown).toHaveLength(turns);
          for (const variant of variants) {
            const expected = (turns * variant.weight) / total;
            const got = countOf(shown, variant.id);
            if (variant.weight === 0) expect(got).toBe(0);
            expect(Math.abs(got - expected)).toBeLessThan(1 + 1e-9);
          }
        },
      ),
    );
  });

  it('keeps its place when the same list arrives again, and starts over when a weight changes', () => {
    const variants = [
      { id: 'A', weight: 50 },
      { id: 'B', weight: 50 },
    ];
    const first = run(variants, 1);
    const refetched = variants.map((variant) => ({ ...variant }));
    expect(nextVariant(refetched, first.state).variant?.id).toBe('B');
    const reweighted = [
      { id: 'A', weight: 20 },
      { id: 'B', weight: 80 },
    ];
    expect(nextVariant(reweighted, first.state).state.credits).toEqual([20, -20]);
  });

  it('answers null with no variants or only weight 0', () => {
    expect(nextVariant([], undefined).variant).toBeNull();
    expect(nextVariant([{ id: 'A', weight: 0 }], undefined).variant).toBeNull();
  });
});

describe('significance of scan rates', () => {
  it('approximates the normal distribution', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 5);
    expect(normalCdf(8)).toBeCloseTo(1, 6);
  });

  it('matches a textbook two-proportion z-test', () => {
    // 1000 plays each: 50 scans (5 %) against 80 scans (8 %): z ≈ 2.721, p ≈ 0.0065.
    const result = compareToControl({ plays: 1000, scans: 50 }, { plays: 1000, scans: 80 });
    expect(result.scan_rate).toBeCloseTo(0.08, 10);
    expect(result.lift).toBeCloseTo(0.6, 10);
    expect(result.z).toBeCloseTo(2.7211, 3);
    expect(result.p_value).toBeCloseTo(0.00651, 4);
    expect(result).toMatchObject({ significant: true, verdict: 'significant' });
  });

  it('does not call a small difference significant', () => {
    const result = compareToControl({ plays: 1000, scans: 50 }, { plays: 1000, scans: 56 });
    expect(result.p_value).toBeGreaterThan(0.05);
    expect(result).toMatchObject({ significant: false, verdict: 'not_significant' });
  });

  it('needs enough plays and expected scans in both arms before it judges', () => {
    const few = compareToControl({ plays: MIN_PLAYS_FOR_SIGNIFICANCE - 1, scans: 40 }, { plays: 1000, scans: 400 });
    expect(few).toMatchObject({ verdict: 'needs_more_plays', significant: false, z: null, p_value: null });
    const noScans = compareToControl({ plays: 5000, scans: 0 }, { plays: 5000, scans: 3 });
    expect(noScans.verdict).toBe('needs_more_plays');
    expect(compareToControl({ plays: 0, scans: 0 }, { plays: 0, scans: 0 })).toMatchObject({
      scan_rate: null,
      lift: null,
      verdict: 'needs_more_plays',
    });
  });

  it('is symmetric, and its p-value is a probability', () => {
    const arm = fc
      .integer({ min: 0, max: 5000 })
      .chain((plays) => fc.record({ plays: fc.constant(plays), scans: fc.integer({ min: 0, max: plays }) }));
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const forward = compareToControl(a, b);
        const backward = compareToControl(b, a);
        expect(forward.verdict === 'needs_more_plays').toBe(backward.verdict === 'needs_more_plays');
        if (forward.p_value !== null) {
          expect(forward.p_value).toBeGreaterThanOrEqual(0);
          expect(forward.p_value).toBeLessThanOrEqual(1);
          expect(backward.p_value).toBeCloseTo(forward.p_value, 9);
          expect(backward.z).toBeCloseTo(-(forward.z ?? 0), 9);
        }
      }),
    );
  });

  it('takes the first variant by label as the control', () => {
    const rows = compareVariants([
      { id: '2', label: 'b', plays: 1000, scans: 80 },
      { id: '1', label: 'A', plays: 1000, scans: 50 },
    ]);
    expect(rows.map((row) => [row.label, row.verdict])).toEqual([
      ['A', 'control'],
      ['b', 'significant'],
    ]);
    expect(rows[0]).toMatchObject({ is_control: true, scan_rate: 0.05, lift: null });
  });
});
