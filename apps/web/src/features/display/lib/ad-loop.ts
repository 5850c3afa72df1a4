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
  /** Passes through the list, from 1: share of voice decides which ads take their turn in each. */
  round: number;
  /** The rounds before `round` that were room, in which no paid ad's turn was due (decision 090). */
  rooms: number;
};

/** Each ad's share of voice, 1-100, by index; absent means 100 (every round). */
type Shares = readonly number[] | undefined;
/** Whether each ad, by index, is an outlet's house content (decision 090); absent means none is. */
type House = readonly boolean[] | undefined;

export type AdLoopAction =
  | { type: 'played'; play: number; adIds: readonly string[]; shares?: Shares; house?: House }
  | { type: 'skip'; adIds: readonly string[]; shares?: Shares; house?: House }
  | { type: 'list-changed'; adIds: readonly string[] };

export function initialAdLoop(adIds: readonly string[]): AdLoopState {
  return { index: 0, repeat: 0, play: 1, adId: adIds[0] ?? null, round: 1, rooms: 0 };
}

/**
 * Share of voice (decision 032): an ad with share s takes its turn in s of every 100 rounds,
 * spread evenly and from its first round on (rounds where ceil(round·s/100) steps up), so 50
 * plays in rounds 1, 3, 5 … and 100 in every round. A turn is still the full run of repeats.
 */
export function isTurnDue(share: number, round: number): boolean {
  return Math.ceil((round * share) / 100) > Math.ceil(((round - 1) * share) / 100);
}

/** A round is room when no paid ad of the list is due in it: house content takes its turns only there (decision 090). */
export function isRoom(round: number, count: number, shares: Shares, house: House): boolean {
  for (let index = 0; index < count; index += 1) {
    if (!house?.[index] && isTurnDue(shares?.[index] ?? 100, round)) return false;
  }
  return true;
}

type Turn = Pick<AdLoopState, 'index' | 'round' | 'rooms'>;

/**
 * The next ad whose turn is due after the current one, the round it plays in and the rooms before
 * that round. A paid ad's turns depend on the round alone, so house content never moves them: it
 * takes its turns, by its own share counted over the rooms, only in rounds that are room.
 */
export function nextTurn(state: AdLoopState, count: number, shares: Shares, house?: House): Turn {
  let { index, round, rooms } = state;
  let room = isRoom(round, count, shares, house);
  // Some ad is due within 100 rounds (a paid one, else a house one in a room), so this finds one.
  for (let step = 0; step < count * 101; step += 1) {
    index = (index + 1) % count;
    if (index === 0) {
      if (room) rooms += 1;
      round += 1;
      room = isRoom(round, count, shares, house);
    }
    const share = shares?.[index] ?? 100;
    if (house?.[index] ? room && isTurnDue(share, rooms + 1) : isTurnDue(share, round)) return { index, round, rooms };
  }
  return { index: (state.index + 1) % count, round: state.round + 1, rooms: state.rooms };
}

function moveTo(state: AdLoopState, index: number, adIds: readonly string[], turn: Partial<Turn> = {}): AdLoopState {
  const { round = state.round, rooms = state.rooms } = turn;
  return { index, repeat: 0, play: state.play + 1, adId: adIds[index] ?? null, round, rooms };
}

function advance(state: AdLoopState, adIds: readonly string[], shares: Shares, house: House): AdLoopState {
  const next = nextTurn(state, adIds.length, shares, house);
  return moveTo(state, next.index, adIds, next);
}

export function adLoopReducer(state: AdLoopState, action: AdLoopAction): AdLoopState {
  const count = action.adIds.length;
  switch (action.type) {
    case 'played': {
      if (count === 0 || action.play !== state.play) return state;
      const repeat = state.repeat + 1;
      if (repeat >= REPEATS_PER_AD) return advance(state, action.adIds, action.shares, action.house);
      return { ...state, repeat, play: state.play + 1 };
    }
    case 'skip':
      if (count === 0) return state;
      return advance(state, action.adIds, action.shares, action.house);
    case 'list-changed': {
      if (state.index >= count) return moveTo(state, 0, action.adIds);
      // Another ad now sits at this index: it starts its own run of plays.
      if (action.adIds[state.index] !== state.adId) return moveTo(state, state.index, action.adIds);
      return state;
    }
  }
}

/** The index of the ad that plays once the current ad's run of repeats is over. */
export function upcomingIndex(state: AdLoopState, count: number, shares?: Shares, house?: House): number {
  return count === 0 ? 0 : nextTurn(state, count, shares, house).index;
}
