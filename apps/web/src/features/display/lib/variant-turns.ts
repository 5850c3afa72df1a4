import { nextVariant, type RotationState } from '@adloop/contract/ab-test';
import type { ScreenAd } from '@adloop/contract/screen';
import type { ScreenVariant } from '@adloop/contract/variants';

/** An ad as it plays on one turn: its variant's creative under the ad's id, title and company. */
export type PlayingAd = ScreenAd & { variant?: ScreenVariant };

/**
 * Which variant each ad's turn shows (decision 034). A turn is one run of the ad's repeats;
 * each new turn takes the ad's next variant by the weighted rotation, whose state per ad lasts
 * the session and survives a refetched list with the same variants and weights.
 */
export interface VariantTurns {
  /** The loop's play number at which the current turn began. */
  turn: number;
  adId: string | null;
  variantId: string | null;
  rotations: ReadonlyMap<string, RotationState>;
}

export const NO_TURNS: VariantTurns = { turn: 0, adId: null, variantId: null, rotations: new Map() };

export function withVariant(ad: ScreenAd, variant: ScreenVariant | null | undefined): PlayingAd {
  if (!variant) return ad;
  return {
    ...ad,
    type: variant.type,
    media_url: variant.media_url,
    duration_seconds: variant.duration_seconds,
    variant,
  };
}

/** The state after the loop starts turn `turn` of `ad`: the ad's rotation moves one step. */
export function startTurn(state: VariantTurns, ad: ScreenAd, turn: number): VariantTurns {
  if (!ad.variants?.length) return { ...state, turn, adId: ad.id, variantId: null };
  const next = nextVariant(ad.variants, state.rotations.get(ad.id));
  const rotations = new Map(state.rotations);
  rotations.set(ad.id, next.state);
  return { turn, adId: ad.id, variantId: next.variant?.id ?? null, rotations };
}

/** True when `ad` at `turn` is not what the state holds: a new turn, or its variant has gone from the list. */
export function needsNewTurn(state: VariantTurns, ad: ScreenAd, turn: number): boolean {
  if (state.turn !== turn || state.adId !== ad.id) return true;
  if (state.variantId === null) return Boolean(ad.variants?.length);
  return !ad.variants?.some((variant) => variant.id === state.variantId);
}

/** The creative the current turn shows. */
export function currentCreative(state: VariantTurns, ad: ScreenAd): PlayingAd {
  return withVariant(
    ad,
    ad.variants?.find((variant) => variant.id === state.variantId),
  );
}

/** The creative the ad's next turn will show, without moving its rotation: the stage preloads it. */
export function upcomingCreative(state: VariantTurns, ad: ScreenAd): PlayingAd {
  if (!ad.variants?.length) return ad;
  return withVariant(ad, nextVariant(ad.variants, state.rotations.get(ad.id)).variant);
}
