import { LIVE_STREAM_PROBLEM, type StreamEvents, type StreamKind } from '@/features/display/lib/stream-kind';

/** Stops the stream and lets go of the element. */
export type DetachStream = () => void;

function attachNative(video: HTMLVideoElement, url: string): DetachStream {
  video.src = url;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

async function attachHls(video: HTMLVideoElement, url: string, { onFatal }: StreamEvents): Promise<DetachStream> {
  if (video.canPlayType('application/vnd.apple.mpegurl')) return attachNative(video, url);
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    onFatal('this browser plays neither HLS nor Media Source Extensions');
    return () => undefined;
  }
  // The screen's size caps the rendition: a 4K level on a 1080p screen only costs bandwidth.
  const hls = new Hls({ capLevelToPlayerSize: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal(`HLS ${data.type}: ${data.details}`);
  });
  hls.on(Hls.Events.LEVEL_LOADED, (_event, data) => {
    if (data.details.live) onFatal(LIVE_STREAM_PROBLEM);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

async function attachDash(video: HTMLVideoElement, url: string, events: StreamEvents): Promise<DetachStream> {
  const { MediaPlayer } = await import('dashjs');
  const player = MediaPlayer().create();
  player.updateSettings({ debug: { logLevel: 1 } });
  player.on('error', (event) => events.onFatal(`DASH error: ${JSON.stringify(event.error)}`));
  player.on('streamInitialized', () => {
    if (player.isDynamic()) events.onFatal(LIVE_STREAM_PROBLEM);
  });
  // dash.js may decide the end a moment before the element does, then park it paused on the
  // last frame: the element's own "ended" never comes, so its word counts as the end too.
  player.on('playbackEnded', () => events.onEnded());
  // Not autoplaying: the ad starts when its turn comes, like a video file waiting its turn.
  player.initialize(video, url, false);
  return () => player.destroy();
}

/**
 * Plays an HLS or DASH stream in a <video> (decision 053). This module and the engines are
 * imported on demand, so a list of image and video files never downloads them; a browser that
 * plays HLS itself (Safari, recent Chromium) is given the address as the element's source.
 */
export function attachStream(
  video: HTMLVideoElement,
  url: string,
  kind: StreamKind,
  events: StreamEvents,
): Promise<DetachStream> {
  return kind === 'hls' ? attachHls(video, url, events) : attachDash(video, url, events);
}
