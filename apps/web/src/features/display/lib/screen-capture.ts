import { SCREENSHOT_MAX_WIDTH_PX } from '@adloop/contract/screen-commands';

/** What the picture shows, as the upload reports it (decision 059). */
export type Showing = { adId?: string; adTitle?: string; takeoverId?: string };
export type Capture = { canvas: HTMLCanvasElement; showing: Showing };

type Media = HTMLImageElement | HTMLVideoElement | HTMLIFrameElement;

const BACKGROUND = '#000000';
const NEUTRAL = '#262626';
const TAKEOVER_BACKGROUND = '#0a0a0a';
const TAKEOVER_BAND = '#dc2626';

/** The ad's media on screen now: the stage keeps the next and the last ad beside it, invisible. */
function shownMedia(root: ParentNode): Media | null {
  for (const element of root.querySelectorAll<Media>('[data-ad-id]')) {
    if (getComputedStyle(element).opacity !== '0') return element;
  }
  return null;
}

function titleOf(media: Media): string {
  return media.getAttribute('alt') || media.getAttribute('aria-label') || media.title || '';
}

function blankCanvas(): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const scale = Math.min(1, SCREENSHOT_MAX_WIDTH_PX / Math.max(1, window.innerWidth));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(window.innerWidth * scale));
  canvas.height = Math.max(1, Math.round(window.innerHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas on this device');
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, context };
}

/** Lines of at most `width` pixels in the context's font, keeping the writer's own line breaks. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && context.measureText(candidate).width > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function drawCentredText(context: CanvasRenderingContext2D, text: string, top: number, bottom: number, size: number) {
  const { width } = context.canvas;
  context.font = `bold ${size}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  const lines = wrap(context, text, width * 0.88).slice(0, 8);
  const lineHeight = size * 1.15;
  const first = (top + bottom) / 2 - ((lines.length - 1) * lineHeight) / 2;
  for (const [index, line] of lines.entries()) context.fillText(line, width / 2, first + index * lineHeight);
}

/** The media as `object-contain` shows it: whole, centred, letterboxed in black. */
function drawContained(context: CanvasRenderingContext2D, media: HTMLImageElement | HTMLVideoElement) {
  const { width, height } = context.canvas;
  const sourceWidth = media instanceof HTMLVideoElement ? media.videoWidth : media.naturalWidth;
  const sourceHeight = media instanceof HTMLVideoElement ? media.videoHeight : media.naturalHeight;
  if (!sourceWidth || !sourceHeight) return;
  const scale = Math.min(width / sourceWidth, height / sourceHeight);
  const drawnWidth = sourceWidth * scale;
  const drawnHeight = sourceHeight * scale;
  context.drawImage(media, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight);
}

/** A frame that cannot be read (another site's player, media without CORS): a neutral card with the ad's title. */
export function neutralFrame(title: string, note: string): HTMLCanvasElement {
  const { canvas, context } = blankCanvas();
  context.fillStyle = NEUTRAL;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#ffffff';
  drawCentredText(context, title || 'Untitled ad', 0, canvas.height * 0.8, Math.round(canvas.height / 12));
  context.fillStyle = '#a3a3a3';
  drawCentredText(context, note, canvas.height * 0.7, canvas.height * 0.9, Math.round(canvas.height / 28));
  return canvas;
}

function drawMessageTakeover(context: CanvasRenderingContext2D, message: string) {
  const { width, height } = context.canvas;
  const band = Math.round(height * 0.1);
  context.fillStyle = TAKEOVER_BACKGROUND;
  context.fillRect(0, 0, width, height);
  context.fillStyle = TAKEOVER_BAND;
  context.fillRect(0, 0, width, band);
  context.fillStyle = '#ffffff';
  drawCentredText(context, 'URGENT NOTICE', 0, band, Math.round(band * 0.45));
  drawCentredText(context, message, band, height * 0.9, Math.round(height / 12));
}

/**
 * Draws what the screen shows now: the current image or video frame, or the takeover in its
 * place (its message, or its ad). An embedded player of another site cannot be read, so it is a
 * neutral card with the ad's title.
 */
export function captureScreen(): Capture {
  const takeover = document.querySelector<HTMLElement>('[data-testid="takeover-layer"]');
  const takeoverId = takeover?.dataset.takeover;
  const media = shownMedia(takeover ?? document);
  const showing: Showing = { takeoverId, adId: media?.dataset.adId, adTitle: media ? titleOf(media) : undefined };

  if (takeover && takeover.dataset.kind === 'MESSAGE') {
    const { canvas, context } = blankCanvas();
    drawMessageTakeover(context, takeover.querySelector('[role="alert"]')?.textContent ?? '');
    return { canvas, showing };
  }
  if (media instanceof HTMLIFrameElement) {
    return { canvas: neutralFrame(titleOf(media), 'Embedded video: its frames cannot be captured'), showing };
  }
  const { canvas, context } = blankCanvas();
  if (media) drawContained(context, media);
  return { canvas, showing };
}
