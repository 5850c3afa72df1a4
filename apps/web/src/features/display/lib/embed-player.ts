import { screenMediaOf } from '@adloop/contract/media-kind';

/** What a hosted player tells the screen through its postMessage events, in the player's terms. */
export type EmbedEvent =
  | { type: 'ready' }
  | { type: 'playing' }
  | { type: 'buffering' }
  | { type: 'buffered' }
  | { type: 'ended' }
  | { type: 'duration'; seconds: number }
  | { type: 'error'; reason: string };

/**
 * A hosted player (YouTube, Vimeo) in an iframe, spoken to by postMessage (decision 053): its
 * address, whose parameters make it autoplay muted without controls, the messages that ask it
 * for its events and drive it, and a reader of what it says.
 */
export type EmbedPlayer = {
  src: string;
  origin: string;
  /** Sent once the frame has loaded, and again until it answers: asks for its events. */
  greeting: readonly unknown[];
  restart: readonly unknown[];
  pause: readonly unknown[];
  mute: (muted: boolean) => readonly unknown[];
  read: (data: unknown) => EmbedEvent[];
};

type Message = Record<string, unknown>;

/** A message as an object: YouTube sends JSON strings, Vimeo objects (or strings, in older players). */
function messageOf(data: unknown): Message | null {
  if (typeof data === 'string') {
    try {
      return messageOf(JSON.parse(data));
    } catch {
      return null;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Message) : null;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
/** YouTube's player states that matter here; paused (2), cued (5) and unstarted (-1) say nothing new. */
const YOUTUBE_STATES: Record<number, EmbedEvent> = {
  0: { type: 'ended' },
  1: { type: 'playing' },
  3: { type: 'buffering' },
};

function youTubeState(state: unknown): EmbedEvent[] {
  const event = typeof state === 'number' ? YOUTUBE_STATES[state] : undefined;
  return event ? [event] : [];
}

function youTubePlayer(videoId: string, pageOrigin: string): EmbedPlayer {
  const params = new URLSearchParams({
    autoplay: '1',
    mute: '1',
    controls: '0',
    enablejsapi: '1',
    playsinline: '1',
    rel: '0',
    iv_load_policy: '3',
    disablekb: '1',
    origin: pageOrigin,
  });
  // The iframe API's own wire format: JSON strings on the "widget" channel.
  const say = (message: Record<string, unknown>) => JSON.stringify({ ...message, id: 1, channel: 'widget' });
  const command = (func: string, args: unknown[] = []) => say({ event: 'command', func, args });
  return {
    src: `${YOUTUBE_ORIGIN}/embed/${encodeURIComponent(videoId)}?${params}`,
    origin: YOUTUBE_ORIGIN,
    greeting: [say({ event: 'listening' })],
    restart: [command('seekTo', [0, true]), command('playVideo')],
    pause: [command('pauseVideo')],
    mute: (muted) => [command(muted ? 'mute' : 'unMute')],
    read: (data) => {
      const message = messageOf(data);
      switch (message?.event) {
        case 'onReady':
          return [{ type: 'ready' }];
        case 'onStateChange':
          return youTubeState(message?.info);
        case 'onError':
          return [{ type: 'error', reason: `YouTube error ${String(message?.info)}` }];
        case 'initialDelivery':
        case 'infoDelivery': {
          const info = messageOf(message?.info);
          const seconds = positive(info?.duration);
          return [...(seconds ? [{ type: 'duration' as const, seconds }] : []), ...youTubeState(info?.playerState)];
        }
        default:
          return [];
      }
    },
  };
}

const VIMEO_ORIGIN = 'https://player.vimeo.com';
// `timeupdate` too: a player that started before it was asked for events says "play" to no one.
const VIMEO_EVENTS = ['play', 'playing', 'timeupdate', 'ended', 'error', 'bufferstart', 'bufferend'] as const;

function vimeoPlayer(videoId: string): EmbedPlayer {
  // Not `background=1`: background mode loops, and a looping Vimeo player never says "ended".
  const params = new URLSearchParams({
    autoplay: '1',
    muted: '1',
    controls: '0',
    loop: '0',
    autopause: '0',
    playsinline: '1',
    dnt: '1',
    title: '0',
    byline: '0',
    portrait: '0',
  });
  return {
    src: `${VIMEO_ORIGIN}/video/${encodeURIComponent(videoId)}?${params}`,
    origin: VIMEO_ORIGIN,
    greeting: [...VIMEO_EVENTS.map((value) => ({ method: 'addEventListener', value })), { method: 'getDuration' }],
    restart: [{ method: 'setCurrentTime', value: 0 }, { method: 'play' }],
    pause: [{ method: 'pause' }],
    mute: (muted) => [{ method: 'setMuted', value: muted }],
    read: (data) => {
      const message = messageOf(data);
      if (!message) return [];
      if (message.method === 'getDuration') {
        const seconds = positive(message.value);
        return seconds ? [{ type: 'duration', seconds }] : [];
      }
      const details = messageOf(message.data);
      switch (message.event) {
        case 'ready':
          return [{ type: 'ready' }];
        case 'play':
        case 'playing':
        case 'timeupdate':
          return [{ type: 'playing' }];
        case 'bufferstart':
          return [{ type: 'buffering' }];
        case 'bufferend':
          return [{ type: 'buffered' }];
        case 'ended': {
          const seconds = positive(details?.duration);
          return [...(seconds ? [{ type: 'duration' as const, seconds }] : []), { type: 'ended' }];
        }
        case 'error':
          // An error naming a method is a command the player refused, not a failed video.
          return details?.method ? [] : [{ type: 'error', reason: `Vimeo error ${String(details?.message)}` }];
        default:
          return [];
      }
    },
  };
}

/** The hosted player of an ad's media, or null when the media is not YouTube or Vimeo. */
export function embedPlayerOf(mediaUrl: string, pageOrigin: string): EmbedPlayer | null {
  const media = screenMediaOf(mediaUrl);
  if (media.kind === 'youtube') return youTubePlayer(media.videoId, pageOrigin);
  if (media.kind === 'vimeo') return vimeoPlayer(media.videoId);
  return null;
}
