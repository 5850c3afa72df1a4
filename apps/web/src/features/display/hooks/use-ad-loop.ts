import type { ScreenAd } from '@adloop/contract/screen';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { adLoopReducer, initialAdLoop, upcomingIndex } from '@/features/display/lib/ad-loop';

/**
 * The loop of spec §4 over the current list, weighted by share of voice, house content only in its
 * room (decision 090); `ads` must not be empty.
 */
export function useAdLoop(ads: readonly ScreenAd[]) {
  const adIds = useMemo(() => ads.map((ad) => ad.id), [ads]);
  const shares = useMemo(() => ads.map((ad) => ad.schedule?.share_of_voice ?? 100), [ads]);
  const house = useMemo(() => ads.map((ad) => ad.house_content === true), [ads]);
  const [loop, dispatch] = useReducer(adLoopReducer, adIds, initialAdLoop);
  const [seenAdIds, setSeenAdIds] = useState(adIds);

  // A new list is applied during render, so no frame shows an index past its end.
  if (seenAdIds !== adIds) {
    setSeenAdIds(adIds);
    dispatch({ type: 'list-changed', adIds });
  }

  const played = useCallback(
    (play: number) => dispatch({ type: 'played', play, adIds, shares, house }),
    [adIds, shares, house],
  );
  const skip = useCallback(() => dispatch({ type: 'skip', adIds, shares, house }), [adIds, shares, house]);

  const index = Math.min(loop.index, ads.length - 1);
  return {
    loop,
    index,
    current: ads[index]!,
    upcoming: ads[upcomingIndex({ ...loop, index }, ads.length, shares, house)]!,
    played,
    skip,
  };
}
