import type { ScreenAd } from '@adloop/contract/screen';
import { describe, expect, it } from 'vitest';
import {
  currentCreative,
  NO_TURNS,
  needsNewTurn,
  startTurn,
  upcomingCreative,
  type VariantTurns,
} from '@/features/display/lib/variant-turns';

const variant = (id: string, weight: number, link: { code: string; url: string } | null = null) => ({
  id,
  label: id,
  type: 'IMAGE' as const,
  media_url: `/media/${id}.png`,
  duration_seconds: 7,
  weight,
  link,
});

const ad = (variants?: ReturnType<typeof variant>[]): ScreenAd => ({
  id: 'ad-1',
  company_id: 'c',
  title: 'Cold brew',
  type: 'VIDEO',
  media_url: '/media/ad.mp4',
  duration_seconds: null,
  version: 3,
  company: { name: 'Cafe' },
  ...(variants ? { variants } : {}),
});

/** What the hook does on each render: a new turn moves the rotation, the same turn keeps it. */
function render(state: VariantTurns, screenAd: ScreenAd, turn: number) {
  const next = needsNewTurn(state, screenAd, turn) ? startTurn(state, screenAd, turn) : state;
  return { state: next, shown: currentCreative(next, screenAd), upcoming: upcomingCreative(next, screenAd) };
}

describe('variant turns', () => {
  it("shows each turn the ad's next variant by weight, with the variant's creative under the ad's title", () => {
    const abTest = ad([variant('A', 70), variant('B', 30, { code: 'abcdEFGH', url: 'https://x.test' })]);
    let state = NO_TURNS;
    const shown: string[] = [];
    for (let turn = 1; turn <= 100; turn += 10) {
      // Several renders of one turn (repeats, refetches) never move the rotation.
      for (let renderCount = 0; renderCount < 3; renderCount += 1) {
        const frame = render(state, { ...abTest, variants: abTest.variants?.map((v) => ({ ...v })) }, turn);
        state = frame.state;
        if (renderCount === 0) shown.push(frame.shown.variant!.id);
        expect(frame.shown).toMatchObject({ title: 'Cold brew', type: 'IMAGE', duration_seconds: 7, version: 3 });
      }
    }
    expect(shown.filter((id) => id === 'A')).toHaveLength(7);
    expect(shown.filter((id) => id === 'B')).toHaveLength(3);
  });

  it('preloads the variant the next turn will show', () => {
    const abTest = ad([variant('A', 50), variant('B', 50)]);
    let state = NO_TURNS;
    for (let turn = 1; turn < 6; turn += 1) {
      const frame = render(state, abTest, turn);
      const next = render(frame.state, abTest, turn + 1);
      expect(next.shown.media_url).toBe(frame.upcoming.media_url);
      state = frame.state;
    }
  });

  it('plays an ad without variants, or with every weight at 0, as it is', () => {
    expect(render(NO_TURNS, ad(), 1).shown).toEqual(ad());
    expect(render(NO_TURNS, ad([]), 1).shown).toEqual(ad([]));
  });

  it('picks again within a turn when its variant leaves the list', () => {
    const first = render(NO_TURNS, ad([variant('A', 50), variant('B', 50)]), 1);
    expect(first.shown.variant?.id).toBe('A');
    const after = render(first.state, ad([variant('B', 50)]), 1);
    expect(after.shown.variant?.id).toBe('B');
  });
});
