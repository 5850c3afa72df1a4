import type { ScreenAd } from '@adloop/contract/screen';

/** What the stage tells one ad's media element, and what the element reports back. */
export type AdMediaProps = {
  ad: ScreenAd;
  /** The ad the loop is on: it plays and reports its end. Others wait, preloaded or paused. */
  active: boolean;
  visible: boolean;
  /** The loop's play number; a new one restarts the ad. */
  play: number;
  muted: boolean;
  onReadyChange: (ready: boolean) => void;
  onPlayed: (play: number, durationSeconds: number) => void;
  onFailed: (play: number) => void;
  /** Waiting for data mid-play; the stage shows a spinner while the current ad does. */
  onBufferingChange: (buffering: boolean) => void;
};

// A hard cut between ads: a cross-fade would dim both layers and let the black show through.
export const mediaLayerClass = 'absolute inset-0 size-full object-contain';
