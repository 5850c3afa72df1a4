import { REPEATS_PER_AD } from '@adloop/contract/constants';
import { describe, expect, it } from 'vitest';
import { type AdLoopState, adLoopReducer, initialAdLoop, upcomingIndex } from './ad-loop';

const ids = ['a', 'b', 'c'];

function playTimes(state: AdLoopState, times: number, adIds: readonly string[] = ids): AdLoopState {
  let next = state;
  for (let i = 0; i < times; i += 1) next = adLoopReducer(next, { type: 'played', play: next.play, adIds });
  return next;
}

describe('ad loop', () => {
  it('plays each ad 10 times in a row, then moves to the next', () => {
    const start = initialAdLoop(ids);
    const nine = playTimes(start, REPEATS_PER_AD - 1);
    expect(nine).toMatchObject({ index: 0, repeat: 9, adId: 'a' });
    expect(playTimes(nine, 1)).toMatchObject({ index: 1, repeat: 0, adId: 'b' });
  });

  it('wraps to the first ad after the last', () => {
    const last = playTimes(initialAdLoop(ids), REPEATS_PER_AD * 2);
    expect(last).toMatchObject({ index: 2, adId: 'c' });
    expect(playTimes(last, REPEATS_PER_AD)).toMatchObject({ index: 0, repeat: 0, adId: 'a' });
  });

  it('gives every play, repeats included, a new play number', () => {
    const start = initialAdLoop(ids);
    const plays = [start.play, playTimes(start, 1).play, playTimes(start, 2).play];
    expect(new Set(plays).size).toBe(3);
  });

  it('ignores an "ended" of a play the loop has already left', () => {
    const start = initialAdLoop(ids);
    const after = playTimes(start, 1);
    expect(adLoopReducer(after, { type: 'played', play: start.play, adIds: ids })).toBe(after);
  });

  it('skip moves straight to the next ad and resets the counter', () => {
    const three = playTimes(initialAdLoop(ids), 3);
    const skipped = adLoopReducer(three, { type: 'skip', adIds: ids });
    expect(skipped).toMatchObject({ index: 1, repeat: 0, adId: 'b' });
    expect(skipped.play).toBeGreaterThan(three.play);
    const wrapped = adLoopReducer(adLoopReducer(skipped, { type: 'skip', adIds: ids }), { type: 'skip', adIds: ids });
    expect(wrapped).toMatchObject({ index: 0, adId: 'a' });
  });

  it('resets the index to 0 when the list shrinks below it', () => {
    const onC = adLoopReducer(adLoopReducer(initialAdLoop(ids), { type: 'skip', adIds: ids }), {
      type: 'skip',
      adIds: ids,
    });
    const shrunk = adLoopReducer(onC, { type: 'list-changed', adIds: ['b', 'c'] });
    expect(shrunk).toMatchObject({ index: 0, repeat: 0, adId: 'b' });
  });

  it('keeps its place and count when the ad at the index is unchanged', () => {
    const three = playTimes(initialAdLoop(ids), 3);
    expect(adLoopReducer(three, { type: 'list-changed', adIds: ['a', 'b'] })).toBe(three);
  });

  it('starts a new count when another ad moves to the index', () => {
    const three = playTimes(initialAdLoop(ids), 3);
    expect(adLoopReducer(three, { type: 'list-changed', adIds: ['b', 'c'] })).toMatchObject({
      index: 0,
      repeat: 0,
      adId: 'b',
    });
  });

  it('does nothing with an empty list, and names the ad that follows the current run', () => {
    const start = initialAdLoop([]);
    expect(adLoopReducer(start, { type: 'skip', adIds: [] })).toBe(start);
    expect(upcomingIndex({ ...start, index: 2 }, 3)).toBe(0);
    expect(upcomingIndex({ ...start, index: 0 }, 1)).toBe(0);
  });
});

describe('house content takes only the room (decision 090)', () => {
  /** The first `turns` turns of a loop: which ad takes each, in which round. */
  function turnsOf(ads: ReadonlyArray<{ id: string; share: number; house?: boolean }>, turns: number) {
    const adIds = ads.map((ad) => ad.id);
    const shares = ads.map((ad) => ad.share);
    const house = ads.map((ad) => ad.house === true);
    let state = initialAdLoop(adIds);
    const taken = [{ id: state.adId, round: state.round }];
    while (taken.length < turns) {
      state = adLoopReducer(state, { type: 'skip', adIds, shares, house });
      taken.push({ id: state.adId, round: state.round });
    }
    return taken;
  }
  const paidOnly = (taken: ReturnType<typeof turnsOf>) => taken.filter((turn) => !turn.id?.startsWith('house'));

  it("leaves every paid ad's turns, rounds and order as they were: house content only fills rounds no paid ad takes", () => {
    const paid = [
      { id: 'a', share: 50 },
      { id: 'b', share: 25 },
    ];
    const without = turnsOf(paid, 40);
    const withHouse = turnsOf([...paid, { id: 'house-menu', share: 100, house: true }], 80);
    expect(paidOnly(withHouse).slice(0, 40)).toEqual(without);
    // a plays in rounds 1, 3, 5 … and b in 1, 5, 9 …: rounds 2, 4, 6 … are room, and only they.
    const houseRounds = withHouse.filter((turn) => turn.id === 'house-menu').map((turn) => turn.round);
    expect(houseRounds.slice(0, 5)).toEqual([2, 4, 6, 8, 10]);
    // Over 100 rounds a takes 50 and b 25, as their shares say, with or without the house ad.
    const inRounds = (taken: ReturnType<typeof turnsOf>, id: string) =>
      taken.filter((turn) => turn.id === id && turn.round <= 100).length;
    const long = turnsOf([...paid, { id: 'house-menu', share: 100, house: true }], 200);
    expect([inRounds(long, 'a'), inRounds(long, 'b'), inRounds(long, 'house-menu')]).toEqual([50, 25, 50]);
  });

  it('never plays while paid ads take every round', () => {
    const taken = turnsOf(
      [
        { id: 'a', share: 100 },
        { id: 'b', share: 30 },
        { id: 'house-menu', share: 100, house: true },
      ],
      60,
    );
    expect(taken.some((turn) => turn.id === 'house-menu')).toBe(false);
  });

  it('takes every round when no paid ad is on the list, its share counted over the rooms', () => {
    const taken = turnsOf(
      [
        { id: 'house-menu', share: 100, house: true },
        { id: 'house-offer', share: 50, house: true },
      ],
      6,
    );
    expect(taken.map((turn) => `${turn.id}@${turn.round}`)).toEqual([
      'house-menu@1',
      'house-offer@1',
      'house-menu@2',
      'house-menu@3',
      'house-offer@3',
      'house-menu@4',
    ]);
  });

  it('shares the room between house ads by their shares', () => {
    const taken = turnsOf(
      [
        { id: 'a', share: 50 },
        { id: 'house-menu', share: 100, house: true },
        { id: 'house-offer', share: 50, house: true },
      ],
      12,
    );
    expect(taken.map((turn) => `${turn.id}@${turn.round}`)).toEqual([
      'a@1',
      'house-menu@2',
      'house-offer@2',
      'a@3',
      'house-menu@4',
      'a@5',
      'house-menu@6',
      'house-offer@6',
      'a@7',
      'house-menu@8',
      'a@9',
      'house-menu@10',
    ]);
  });
});
