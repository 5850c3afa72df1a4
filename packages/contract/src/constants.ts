/** Business constants of the product (spec §9). Defined once; server and web import them. */

export const PASSCODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;

export const REPEATS_PER_AD = 10;
export const DEFAULT_IMAGE_DURATION_SECONDS = 5;
export const AD_LIST_REFRESH_SECONDS = 300;

export const DISPLAY_IDLE_MS = 5000;
export const DEFAULT_IDLE_MS = 30000;

export const HEARTBEAT_INTERVAL_SECONDS = 60;

/** Minutes without a heartbeat before a screen raises an offline alert, where its outlet sets none (decision 052). */
export const DEFAULT_OFFLINE_ALERT_MINUTES = 5;

/** What a player's health report may hold (decision 060); the player clips its last error to fit. */
export const PLAYER_HEALTH_LIMITS = { appVersionLength: 64, lastErrorLength: 300, queuedPlays: 1_000_000_000 } as const;
/** When the screen's page warns about a player (decision 060). */
export const PLAYER_HEALTH_WARNINGS = {
  /** More plays queued than at the previous report, and at least this many. */
  queuedPlays: 10,
  /** The screen's clock this far from the server's, either way. */
  clockSkewMs: 60_000,
  /** Cache used above this share of the browser's quota. */
  cacheShare: 0.9,
} as const;

export const STORAGE_KEYS = {
  userToken: 'user-token',
  screenToken: 'screen-token',
  pendingOfflineLogs: 'pending-offline-logs',
  savedScreens: 'saved-screens',
  screenSession: 'screen-session',
  /** The emergency takeover a screen shows, kept so a reboot without network still shows it (decision 035). */
  screenTakeover: 'screen-takeover',
  /** Plays of each campaign plan hour this device made, so a reload never plays past a plan (decision 084). */
  planPlays: 'plan-plays',
} as const;

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const MOBILE_BREAKPOINT_PX = 720;

export const TOAST_DURATION_MS = 5000;

/** Staff sign-in throttling (docs/design.md §4a). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/** Screen passcode protection (docs/design.md §4a). */
export const SCREEN_MAX_CONSECUTIVE_FAILURES = 10;

export const MAX_PLAYBACK_BATCH = 500;

/**
 * An `ads-changed` event tells each screen over how long to spread its reload (`spread_ms`): the
 * server's open streams × this, at most the cap. A thousand screens asking at the same instant
 * queue behind each other; spread over 8 s they are each answered at once (decision 054).
 */
export const ADS_CHANGED_SPREAD_PER_SCREEN_MS = 8;
export const ADS_CHANGED_MAX_SPREAD_MS = 15_000;

/** Server-sent events on GET /api/screen-auth/events. */
export const SCREEN_EVENTS = {
  adsChanged: 'ads-changed',
  sessionEnded: 'session-ended',
  takeover: 'takeover',
  /** Staff asked for a picture of what the screen shows now (decision 059). */
  screenshotRequested: 'screenshot-requested',
  /** Staff told the player to reload, or to clear its caches and reload (decision 059). */
  command: 'command',
} as const;

/** Pricing tiers of outlets (decision 033), cheapest first. */
export const OUTLET_TIERS = ['STANDARD', 'PREMIUM', 'FLAGSHIP'] as const;
export type OutletTier = (typeof OUTLET_TIERS)[number];

/** What an emergency takeover shows (decision 035). */
export const TAKEOVER_KINDS = ['MESSAGE', 'AD'] as const;
export type TakeoverKind = (typeof TAKEOVER_KINDS)[number];

/**
 * AdLoop's usual commission: its share of the price of each play on an outlet's screens, in basis
 * points (1500 = 15 %); the outlet is paid the rest. Each outlet's own rate is a term of its
 * contract (`commission_bps`), set by a global admin.
 */
export const STANDARD_COMMISSION_BPS = 1500;
