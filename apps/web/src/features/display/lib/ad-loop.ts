import { REPEATS_PER_AD } from '@adloop/contract/constants';

/**
 * The ad loop of spec §4: which ad plays (`index`) and how often it has played in a row
 * (`repeat`). `play` numbers every play the loop starts, so the stage can restart an ad that
 * repeats and ignore an "ended" that arrives late from a play the loop has already left.
 */
export type AdLoopState = {
  index: number;
  repeat: number;
  play: number;
  /** The id of the ad at `index`, to tell whether a new list still has the same ad there. */
  adId: string | null;
};

export type AdLoopAction =
  | { type: 'played'; play: number; adIds: readonly string[] }
  | { type: 'skip'; adIds: readonly string[] }
  | { type: 'list-changed'; adIds: readonly string[] };

export function initialAdLoop(adIds: readonly string[]): AdLoopState {
  return { index: 0, repeat: 0, play: 1, adId: adIds[0] ?? null };
}

function moveTo(state: AdLoopState, index: number, adIds: readonly string[]): AdLoopState {
  return { index, repeat: 0, play: state.play + 1, adId: adIds[index] ?? null };
}

export function adLoopReducer(state: AdLoopState, action: AdLoopAction): AdLoopState {
  const count = action.adIds.length;
  switch (action.type) {
    case 'played': {
      if (count === 0 || action.play !== state.play) return state;
      const repeat = state.repeat + 1;
      if (repeat >= REPEATS_PER_AD) return moveTo(state, (state.index + 1) % count, action.adIds);
      return { ...state, repeat, play: state.play + 1 };
    }
    case 'skip':
      if (count === 0) return state;
      return moveTo(state, (state.index + 1) % count, action.adIds);
    case 'list-changed': {
      if (state.index >= count) return moveTo(state, 0, action.adIds);
      // Another ad now sits at this index: it starts its own run of plays.
      if (action.adIds[state.index] !== state.adId) return moveTo(state, state.index, action.adIds);
      return state;
    }
  }
}

/** The index of the ad that plays once the current ad's run of repeats is over. */
export function upcomingIndex(state: AdLoopState, count: number): number {
  return count === 0 ? 0 : (state.index + 1) % count;
}
