/**
 * Seeing and commanding a playing screen (decision 059). Zod-free and apart from `constants.ts`, so
 * the player's first load carries none of it: only its lazily loaded remote-control chunk does.
 */

/** What staff can tell a playing screen to do; the IndexedDB play queue survives both. */
export const SCREEN_COMMANDS = ['reload', 'clear-cache'] as const;
export type ScreenCommand = (typeof SCREEN_COMMANDS)[number];

/** A screen's screenshot: a JPEG at most this wide, of this quality, of at most this many bytes. */
export const SCREENSHOT_MAX_WIDTH_PX = 1280;
export const SCREENSHOT_JPEG_QUALITY = 0.7;
export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
