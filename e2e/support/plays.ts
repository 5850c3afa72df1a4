import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { outletWallClock } from '@adloop/contract/clock';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import type { ScreenAd } from '@adloop/contract/screen';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ORIGIN } from './env.ts';

/**
 * Plays the tests post as a screen would (decision 036): of ads on the list the screen was handed,
 * after the screen existed, not in the future, one at a time. The server refuses any other.
 */

export type ServedAd = ScreenAd;

/** A screen that plays; `timezone` is its outlet's, when the test knows it. */
export type PlayingScreen = { screen_id: string; outlet_id: string; screen_code: string; timezone?: string };

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** The list the screen is handed now, which the server records as the screen's list. */
export async function servedAds(request: APIRequestContext, screenToken: string): Promise<ServedAd[]> {
  const response = await request.get('/api/screen-auth/ads', { headers: bearer(screenToken) });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

/** What the tests play: an ad's or a variant's creative, as the list and the staff API give it. */
export type Creative = { type: 'IMAGE' | 'VIDEO'; duration_seconds: number | null; media_url?: string };

/** The demo outlet's zone (the seed's), whose wall clock its screens' plays carry. */
export const DEMO_OUTLET_ZONE = 'Asia/Kolkata';

/**
 * Longer than any video the tests play: a video's run time is not in the list (its
 * `duration_seconds` is null), so a video whose file cannot be read is spaced this far apart.
 */
const VIDEO_BOUND_MS = 60_000;
/** The server counts a video it cannot read as what the screen reported, but at least this (decision 072). */
const MIN_VIDEO_MS = 5_000;

const videoRunMs = new Map<string, number | null>();

/**
 * A video's run time as its file says, read with ffprobe over HTTP from the test server, as the
 * server reads it from its stored file (decision 072); null when the file cannot be read.
 */
function probedVideoMs(mediaUrl: string): number | null {
  if (!videoRunMs.has(mediaUrl)) {
    const probe = spawnSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', new URL(mediaUrl, E2E_ORIGIN).href],
      { encoding: 'utf8', timeout: 10_000 },
    );
    const seconds = Number.parseFloat(probe.stdout ?? '');
    videoRunMs.set(mediaUrl, probe.status === 0 && seconds > 0 ? Math.ceil(seconds * 1_000) : null);
  }
  return videoRunMs.get(mediaUrl)!;
}

/**
 * How long one play of the ad takes on the server's count (decision 072): an image its duration,
 * else the player's default; a video its file's run time (never less than what `play` reports for
 * it, nor than the server's minimum), or when that cannot be read an upper bound.
 */
export function playMs(ad: Creative): number {
  const seconds = ad.duration_seconds && ad.duration_seconds > 0 ? ad.duration_seconds : null;
  if (ad.type === 'IMAGE') return (seconds ?? DEFAULT_IMAGE_DURATION_SECONDS) * 1_000;
  const probed = ad.media_url ? probedVideoMs(ad.media_url) : null;
  return Math.max(probed ?? VIDEO_BOUND_MS, MIN_VIDEO_MS, (seconds ?? 0) * 1_000);
}

/**
 * The shortest image on the list, so a few plays fit in the seconds since the screen was made.
 * Never a video: its length is not on the list.
 */
export function shortestAd(list: readonly ServedAd[]): ServedAd {
  const [ad] = list.filter((listed) => listed.type === 'IMAGE').sort((a, b) => playMs(a) - playMs(b));
  if (!ad) throw new Error('The screen was handed no image ads');
  return ad;
}

/** The screen's creation time, as the staff API reports it. */
export async function screenCreatedAt(request: APIRequestContext, token: string, screenCode: string): Promise<number> {
  const response = await request.get('/api/ad-screens', { headers: bearer(token), params: { q: screenCode } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const screen = ((await response.json()).data as Array<{ screen_code: string; created_at: string }>).find(
    (row) => row.screen_code === screenCode,
  );
  if (!screen) throw new Error(`Screen ${screenCode} not found`);
  return Date.parse(screen.created_at);
}

/** Waits in real time until `instant` has passed, so a play stamped then is not in the future. */
export async function waitUntil(instant: number) {
  const wait = instant - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
}

/**
 * `count` back-to-back plays of `ad`, the first ending one play after `from` (the screen's or the
 * ad's creation), each ending as the next starts; waits until the last has ended.
 */
export async function backToBack(count: number, ad: Creative, from: number) {
  const ms = playMs(ad);
  const instants = Array.from({ length: count }, (_, index) => new Date(from + (index + 1) * ms));
  await waitUntil(instants.at(-1)!.getTime());
  return instants;
}

/**
 * A play entry as the player sends it, its date and time the wall clock of the screen's outlet
 * when the test knows its zone, else UTC's. The server dates and prices a play by its instant in
 * the outlet's zone and keeps these only as the screen's clock (decision 072).
 */
export function play(
  ad: ServedAd,
  screen: PlayingScreen,
  at: Date,
  extra: { additional_info?: Record<string, unknown> } = {},
) {
  const clock = outletWallClock(at, screen.timezone ?? 'UTC');
  return {
    id: randomUUID(),
    ad_id: ad.id,
    screen_id: screen.screen_id,
    company_id: ad.company_id,
    outlet_id: screen.outlet_id,
    play_date: clock.date,
    play_time: clock.time,
    play_count: 1,
    played_at: at.toISOString(),
    additional_info: extra.additional_info ?? {
      ad_title: ad.title,
      ad_duration: ad.duration_seconds ?? 0,
      screen_code: screen.screen_code,
    },
  };
}

/** Posts the plays as the screen and requires every one stored: none refused, none a duplicate. */
export async function postPlays(
  request: APIRequestContext,
  screenToken: string,
  logs: ReadonlyArray<{ id: string }>,
): Promise<void> {
  const response = await request.post('/api/playback-logs/log', { headers: bearer(screenToken), data: { logs } });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as {
    data: { stored: string[]; duplicates: string[]; refused: Array<{ id: string; reason: string }> };
  };
  expect(data.refused).toEqual([]);
  expect(data.duplicates).toEqual([]);
  expect([...data.stored].sort()).toEqual(logs.map((log) => log.id).sort());
}
