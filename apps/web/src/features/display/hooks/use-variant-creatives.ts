import type { ScreenAd } from '@adloop/contract/screen';
import { useState } from 'react';
import {
  currentCreative,
  NO_TURNS,
  needsNewTurn,
  type PlayingAd,
  startTurn,
  upcomingCreative,
} from '@/features/display/lib/variant-turns';

/**
 * The creatives on the stage when ads have A/B variants (decision 034): the current turn's
 * variant, and the one the upcoming ad will show, so it preloads. `turn` is the loop's play
 * number at which the current ad's run of repeats began.
 */
export function useVariantCreatives(
  current: ScreenAd,
  upcoming: ScreenAd,
  turn: number,
): { current: PlayingAd; upcoming: PlayingAd } {
  const [turns, setTurns] = useState(NO_TURNS);
  // Moved during render (pure: the same state and turn give the same variant), so the first
  // frame of a turn already shows its variant.
  const state = needsNewTurn(turns, current, turn) ? startTurn(turns, current, turn) : turns;
  if (state !== turns) setTurns(state);
  return { current: currentCreative(state, current), upcoming: upcomingCreative(state, upcoming) };
}
