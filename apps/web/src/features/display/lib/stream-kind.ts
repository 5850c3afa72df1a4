import type { ScreenMedia } from '@adloop/contract/media-kind';

/** The streams a video ad plays through an engine (decision 053); the engines live in stream-engine.ts, loaded on demand. */
export type StreamKind = Extract<ScreenMedia['kind'], 'hls' | 'dash'>;

/** What an engine reports beside the element's own events. */
export type StreamEvents = {
  /** The stream cannot play: the ad fails. */
  onFatal: (reason: string) => void;
  /** The stream reached its end, where the engine, not the element, decided so. */
  onEnded: () => void;
};

/** Why a stream cannot be an ad: a play is counted at its end, and a live stream never ends. */
export const LIVE_STREAM_PROBLEM = 'a live stream has no end to count as a play';
