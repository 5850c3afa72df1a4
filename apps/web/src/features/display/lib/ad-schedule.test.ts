import { REPEATS_PER_AD } from '@adloop/contract/constants';
import type { ScreenAd } from '@adloop/contract/screen';
import { ALWAYS } from '@adloop/contract/targeting';
import { describe, expect, it } from 'vitest';
import { type AdLoopState, adLoopReducer, initialAdLoop, isTurnDue } from './ad-loop';
import { scheduledAds } from './ad-schedule';

const ad = (id: string, schedule?: ScreenAd['schedule']): ScreenAd => ({
  id,
  company_id: 'c',
  title: id,
  type: 'IMAGE',
  media_url: `/media/${id}.png`,
  duration_seconds: 5,
  version: 1,
  company: { name: 'Co' },
  schedule,
});

describe('schedules on the player', () => {
  const lunch = { ...ALWAYS, start_time: '12:00', end_time: '14:00', timezone: 'Asia/Kolkata' };

  it('keeps an ad only while its window is open on the outlet clock; no schedule plays always', () => {
    const ads = [ad('always'), ad('lunch', lunch), ad('legacy')];
    const at = (local: string) => new Date(`2026-11-22T${local}:00+05:30`);
    expect(scheduledAds(ads, at('11:59')).map((entry) => entry.id)).toEqual(['always', 'legacy']);
    expect(scheduledAds(ads, at('12:00')).map((entry) => entry.id)).toEqual(['always', 'lunch', 'legacy']);
    expect(scheduledAds(ads, at('14:00')).map((entry) => entry.id)).toEqual(['always', 'legacy']);
  });
});

describe('share of voice', () => {
  it('gives an ad its turn in share-of-100 rounds, spread evenly, starting in the first', () => {
    const rounds = (share: number) =>
      Array.from({ length: 100 }, (_, index) => index + 1).filter((round) => isTurnDue(share, round));
    expect(rounds(100)).toHaveLength(100);
    expect(rounds(50).slice(0, 3)).toEqual([1, 3, 5]);
    expect(rounds(50)).toHaveLength(50);
    expect(rounds(25)).toHaveLength(25);
    expect(rounds(1)).toEqual([1]);
  });

  it('skips an ad whose turn is not due, keeping 10 repeats per turn', () => {
    const ids = ['a', 'b', 'c'];
    const shares = [100, 50, 100];
    let state: AdLoopState = initialAdLoop(ids);
    const turns: string[] = [];
    for (let play = 0; play < REPEATS_PER_AD * 8; play += 1) {
      if (state.repeat === 0) turns.push(state.adId!);
      state = adLoopReducer(state, { type: 'played', play: state.play, adIds: ids, shares });
    }
    expect(turns).toEqual(['a', 'b', 'c', 'a', 'c', 'a', 'b', 'c']);
  });
});

describe('campaign plans on the player (decision 084)', () => {
  const start = '2026-12-01T10:00:00.000Z';
  const planned = {
    ...ad('planned'),
    plan: { line_item_id: 'li', hours: [{ starts_at: start, max_plays: 4 }] },
  };
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000);
  const ids = (ads: ScreenAd[]) => ads.map((entry) => entry.id);

  it('plays a creative only in an hour of its plan', () => {
    expect(ids(scheduledAds([ad('plain'), planned], at(-1)))).toEqual(['plain']);
    expect(ids(scheduledAds([ad('plain'), planned], at(1)))).toEqual(['plain', 'planned']);
    expect(ids(scheduledAds([ad('plain'), planned], at(60)))).toEqual(['plain']);
  });

  it('spreads its plays over the hour and stops at the plan', () => {
    const key = `li ${start}`;
    // One play is due at once, a second after a quarter of the hour, and so on.
    expect(ids(scheduledAds([planned], at(5), { [key]: 1 }))).toEqual([]);
    expect(ids(scheduledAds([planned], at(16), { [key]: 1 }))).toEqual(['planned']);
    expect(ids(scheduledAds([planned], at(50), { [key]: 3 }))).toEqual(['planned']);
    expect(ids(scheduledAds([planned], at(59), { [key]: 4 }))).toEqual([]);
  });

  it('leaves a creative out near the end of its hour when a play would end in an hour without room', () => {
    const key = `li ${start}`;
    const next = new Date(Date.parse(start) + 3_600_000).toISOString();
    const spot = { ...planned, plan: { ...planned.plan, spot_seconds: 30 } };
    // 30 s to the next check and a 30 s spot: from 59:00 a play may end in the next hour, which has no plan.
    expect(ids(scheduledAds([spot], at(58.9), { [key]: 3 }))).toEqual(['planned']);
    expect(ids(scheduledAds([spot], at(59.1), { [key]: 3 }))).toEqual([]);
    // With room planned in the next hour it plays on to the end of this one.
    const both = { ...spot, plan: { ...spot.plan, hours: [...spot.plan.hours, { starts_at: next, max_plays: 4 }] } };
    expect(ids(scheduledAds([both], at(59.5), { [key]: 3 }))).toEqual(['planned']);
    expect(ids(scheduledAds([both], at(59.5), { [key]: 4 }))).toEqual([]);
  });
});
