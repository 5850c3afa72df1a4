import { randomUUID } from 'node:crypto';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import type { ScreenAd } from '@adloop/contract/screen';
import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Plays the tests post as a screen would (decision 036): of ads on the list the screen was handed,
 * after the screen existed, not in the future, one at a time. The server refuses any other.
 */

export type ServedAd = ScreenAd;

export type PlayingScreen = { screen_id: string; outlet_id: string; screen_code: string };

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** The list the screen is handed now, which the server records as the screen's list. */
export async function servedAds(request: APIRequestContext, screenToken: string): Promise<ServedAd[]> {
  const response = await request.get('/api/screen-auth/ads', { headers: bearer(screenToken) });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

/** How long one play of the ad takes: its duration; an image without one the player's default; a video (length not stored) a second. */
export function playMs(ad: { type: 'IMAGE' | 'VIDEO'; duration_seconds: number | null }): number {
  if (ad.duration_seconds && ad.duration_seconds > 0) return Math.max(1_000, ad.duration_seconds * 1_000);
  return ad.type === 'IMAGE' ? DEFAULT_IMAGE_DURATION_SECONDS * 1_000 : 1_000;
}

/** The shortest ad on the list, so a few plays fit in the seconds since the screen was made. */
export function shortestAd(list: readonly ServedAd[]): ServedAd {
  const [ad] = [...list].sort((a, b) => playMs(a) - playMs(b));
  if (!ad) throw new Error('The screen was handed no ads');
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
export async function backToBack(
  count: number,
  ad: { type: 'IMAGE' | 'VIDEO'; duration_seconds: number | null },
  from: number,
) {
  const ms = playMs(ad);
  const instants = Array.from({ length: count }, (_, index) => new Date(from + (index + 1) * ms));
  await waitUntil(instants.at(-1)!.getTime());
  return instants;
}

/** A play entry as the player sends it. */
export function play(
  ad: ServedAd,
  screen: PlayingScreen,
  at: Date,
  extra: { play_time?: string; additional_info?: Record<string, unknown> } = {},
) {
  return {
    id: randomUUID(),
    ad_id: ad.id,
    screen_id: screen.screen_id,
    company_id: ad.company_id,
    outlet_id: screen.outlet_id,
    play_date: at.toISOString().slice(0, 10),
    play_time: extra.play_time ?? at.toISOString().slice(11, 19),
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
