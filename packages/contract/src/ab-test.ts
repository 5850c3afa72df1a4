/**
 * A/B testing of an ad's creatives (decision 034). Pure functions without zod, shared by the
 * player (which variant shows on the ad's next turn) and the server (is a variant's scan rate
 * really different from the control's).
 */

export interface WeightedVariant {
  id: string;
  weight: number;
}

/**
 * Smooth weighted round-robin, as nginx balances upstreams: each turn every variant earns its
 * weight, the richest shows and pays the total back. Deterministic, interleaved (70/30 gives
 * A B A A B A A B A A, not seven As then three Bs) and exact over every run of `total` turns.
 * `signature` ties the credits to the variants and weights they were earned under.
 */
export interface RotationState {
  signature: string;
  credits: number[];
}

const signatureOf = (variants: readonly WeightedVariant[]) =>
  variants.map((variant) => `${variant.id}:${variant.weight}`).join(',');

/**
 * The variant to show on this turn and the state for the next. Variants of weight 0 never
 * show; null when none has a weight. A state earned under other variants or weights starts
 * over, while the same list fetched again keeps its place in the rotation.
 */
export function nextVariant<T extends WeightedVariant>(
  variants: readonly T[],
  state: RotationState | undefined,
): { variant: T | null; state: RotationState } {
  const signature = signatureOf(variants);
  const credits = state?.signature === signature ? [...state.credits] : variants.map(() => 0);
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  if (total === 0) return { variant: null, state: { signature, credits } };
  let best = -1;
  variants.forEach((variant, index) => {
    if (variant.weight <= 0) return;
    credits[index] = (credits[index] ?? 0) + variant.weight;
    if (best === -1 || (credits[index] ?? 0) > (credits[best] ?? 0)) best = index;
  });
  credits[best] = (credits[best] ?? 0) - total;
  return { variant: variants[best] ?? null, state: { signature, credits } };
}

/** Fewer plays than this in either arm: the normal approximation is not trusted yet. */
export const MIN_PLAYS_FOR_SIGNIFICANCE = 100;
/** Expected scans and non-scans in each arm must reach this (the textbook np ≥ 5 rule). */
export const MIN_EXPECTED_COUNT = 5;
/** Two-sided, 95 % confidence. */
export const SIGNIFICANCE_ALPHA = 0.05;

export interface ArmCounts {
  plays: number;
  scans: number;
}

export type SignificanceVerdict = 'control' | 'needs_more_plays' | 'significant' | 'not_significant';

export interface VariantComparison {
  /** Scans per play; null before the first play. */
  scan_rate: number | null;
  /** (rate − control rate) / control rate; null for the control or when the control's rate is 0. */
  lift: number | null;
  z: number | null;
  p_value: number | null;
  significant: boolean;
  verdict: SignificanceVerdict;
}

/** Standard normal cumulative distribution, by erf (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const rateOf = (arm: ArmCounts) => (arm.plays > 0 ? arm.scans / arm.plays : null);

/**
 * Two-proportion z-test of a variant's scan rate against the control's, pooled standard error,
 * two-sided p-value. "Needs more plays" until both arms have MIN_PLAYS_FOR_SIGNIFICANCE plays
 * and MIN_EXPECTED_COUNT expected scans and non-scans under the pooled rate.
 */
export function compareToControl(control: ArmCounts, variant: ArmCounts): VariantComparison {
  const rate = rateOf(variant);
  const controlRate = rateOf(control);
  const lift = rate !== null && controlRate !== null && controlRate > 0 ? (rate - controlRate) / controlRate : null;
  const plays = control.plays + variant.plays;
  const pooled = plays > 0 ? (control.scans + variant.scans) / plays : 0;
  const enough = [control, variant].every(
    (arm) =>
      arm.plays >= MIN_PLAYS_FOR_SIGNIFICANCE &&
      arm.plays * pooled >= MIN_EXPECTED_COUNT &&
      arm.plays * (1 - pooled) >= MIN_EXPECTED_COUNT,
  );
  if (!enough || rate === null || controlRate === null) {
    return { scan_rate: rate, lift, z: null, p_value: null, significant: false, verdict: 'needs_more_plays' };
  }
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / control.plays + 1 / variant.plays));
  const z = (rate - controlRate) / standardError;
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  const significant = pValue < SIGNIFICANCE_ALPHA;
  return {
    scan_rate: rate,
    lift,
    z,
    p_value: pValue,
    significant,
    verdict: significant ? 'significant' : 'not_significant',
  };
}

/** The control of a test: the first variant by label, ignoring case. */
export function controlOf<T extends { label: string }>(variants: readonly T[]): T | undefined {
  return [...variants].sort((a, b) => compareLabels(a.label, b.label))[0];
}

export const compareLabels = (a: string, b: string) => {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The whole comparison: the control's row first as `control`, each other variant against it. */
export function compareVariants<T extends { id: string; label: string } & ArmCounts>(
  variants: readonly T[],
): Array<T & VariantComparison & { is_control: boolean }> {
  const control = controlOf(variants);
  return [...variants]
    .sort((a, b) => compareLabels(a.label, b.label))
    .map((variant) => {
      if (variant === control) {
        const rate = rateOf(variant);
        return {
          ...variant,
          scan_rate: rate,
          lift: null,
          z: null,
          p_value: null,
          significant: false,
          verdict: 'control' as const,
          is_control: true,
        };
      }
      return { ...variant, ...compareToControl(control!, variant), is_control: false };
    });
}
