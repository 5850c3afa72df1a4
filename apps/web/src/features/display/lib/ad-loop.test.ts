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
