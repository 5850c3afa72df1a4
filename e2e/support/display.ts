import type { Ad, AdCreate, AdScheduleInput, AdUpdate } from '@adloop/contract/ads';
import type { PlaybackLogRow } from '@adloop/contract/reports';
import type { ScreenSession } from '@adloop/contract/screen';
import { type APIRequestContext, type APIResponse, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, DEMO_SCREEN } from './env.ts';
import { createScreen } from './factories.ts';

/** Helpers of the display tests: the ads a screen plays, its session, and its plays on the server. */

/** An ad as the staff API answers it. */
export type TestAd = Ad;

export type AdSpec = Pick<AdCreate, 'title'> &
  Partial<Pick<AdCreate, 'type' | 'duration_seconds'>> & {
    /** The ad's media; the demo image or video when not given. */
    media_url?: string;
    /** Decision 032: when the ad plays, on the outlet's clock. */
    schedule?: AdScheduleInput;
  };

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data.token;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export async function listAds(request: APIRequestContext, token: string, status?: string): Promise<TestAd[]> {
  const response = await request.get('/api/ads', {
    headers: bearer(token),
    params: { pageSize: 100, ...(status ? { status } : {}) },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

export async function updateAd(
  request: APIRequestContext,
  token: string,
  id: string,
  change: Pick<AdUpdate, 'title' | 'status' | 'media_url' | 'duration_seconds' | 'type'>,
): Promise<TestAd> {
  const response = await request.patch(`/api/ads/${id}`, { headers: bearer(token), data: change });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

/**
 * The demo's image and video ads, seeded before any test ran: the oldest of the advertisers' ads
 * with uploaded media. Newer ones may name files other tests removed, and an outlet's house content
 * (decision 090) names its house account, which no other ad may be made for.
 */
export async function demoAds(request: APIRequestContext, token: string): Promise<{ image: TestAd; video: TestAd }> {
  const response = await request.get('/api/ads', {
    headers: bearer(token),
    params: { pageSize: 100, sort: 'created_at' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const demo = ((await response.json()).data as TestAd[]).filter(
    (ad) => ad.house_outlet_id === null && ad.media_url.startsWith('/media/'),
  );
  const image = demo.find((ad) => ad.type === 'IMAGE');
  const video = demo.find((ad) => ad.type === 'VIDEO');
  if (!image || !video) throw new Error('The demo image and video ads are missing');
  return { image, video };
}

/**
 * Makes the screen play exactly `specs`, in that order: every other active ad is paused, and
 * new ads are created (the demo image or video as media). `restore` pauses the new ads and
 * brings the paused ones back, so the other tests find the ad set as it was.
 */
export async function playOnly(request: APIRequestContext, specs: readonly AdSpec[]) {
  const token = await adminToken(request);
  const active = await listAds(request, token, 'ACTIVE');
  const { image: demoImage, video: demoVideo } = await demoAds(request, token);
  for (const ad of active) await updateAd(request, token, ad.id, { status: 'PAUSED' });

  const suffix = Math.random().toString(36).slice(2, 7);
  const created: TestAd[] = [];
  const restore = async () => {
    for (const ad of created) await updateAd(request, token, ad.id, { status: 'PAUSED' });
    for (const ad of active) await updateAd(request, token, ad.id, { status: 'ACTIVE' });
  };
  // An ad that cannot be made brings the paused ones back before the test fails, so the tests
  // after it find the ad set as it was.
  try {
    for (const spec of specs) {
      const type = spec.type ?? 'IMAGE';
      const response = await request.post('/api/ads', {
        headers: bearer(token),
        data: {
          company_id: demoImage.company_id,
          title: `${spec.title} ${suffix}`,
          type,
          media_url: spec.media_url ?? (type === 'VIDEO' ? demoVideo.media_url : demoImage.media_url),
          ...(type === 'IMAGE' ? { duration_seconds: spec.duration_seconds ?? null } : {}),
          ...(spec.schedule ? { schedule: spec.schedule } : {}),
          status: 'ACTIVE',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push((await response.json()).data);
    }
  } catch (error) {
    await restore();
    throw error;
  }
  return { token, ads: created, restore };
}

export async function authenticateScreen(
  request: APIRequestContext,
  screen: { screenCode: string; passcode: string } = DEMO_SCREEN,
): Promise<ScreenSession> {
  const response = await request.post('/api/screen-auth/authenticate', {
    data: { screen_code: screen.screenCode, pass_code: screen.passcode },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()).data;
}

/** Signs the demo screen in through the API and stores its session where the player keeps it. */
export async function storeScreenSession(page: Page, session: ScreenSession) {
  await page.goto('/favicon.svg');
  await page.evaluate((value) => {
    localStorage.setItem('screen-token', value.access_token);
    localStorage.setItem('screen-session', JSON.stringify(value));
  }, session);
}

export function displayUrl(screenCode: string = DEMO_SCREEN.screenCode) {
  return `/ad/screen/display?screenId=${screenCode}`;
}

/** Opens the display of a signed-in screen, the demo screen unless told. */
export async function openDisplay(
  page: Page,
  request: APIRequestContext,
  screen: { screenCode: string; passcode: string } = DEMO_SCREEN,
): Promise<ScreenSession> {
  const session = await authenticateScreen(request, screen);
  await storeScreenSession(page, session);
  await page.goto(displayUrl(session.screen_code));
  return session;
}

export type StoredPlay = PlaybackLogRow;

/** Every play the server holds for these ads, through the staff API, page by page. */
export async function playsOf(request: APIRequestContext, adIds: readonly string[]): Promise<StoredPlay[]> {
  const token = await adminToken(request);
  const plays: StoredPlay[] = [];
  for (const adId of adIds) {
    let cursor: string | null = null;
    do {
      const response: APIResponse = await request.get('/api/playback-logs', {
        headers: bearer(token),
        params: { ad_id: adId, limit: 500, ...(cursor ? { cursor } : {}) },
      });
      expect(response.ok(), await response.text()).toBeTruthy();
      const body: { data: StoredPlay[]; meta: { nextCursor: string | null } } = await response.json();
      plays.push(...body.data);
      cursor = body.meta.nextCursor;
    } while (cursor);
  }
  return plays;
}

/** The player's play counter: it rises by one with every play that ends (and with Skip). */
export function stage(page: Page) {
  return page.locator('[data-play]');
}

export async function playNumber(page: Page): Promise<number> {
  return Number(await stage(page).getAttribute('data-play'));
}

/**
 * Lets the current image play to its end on Playwright's clock: the clock advances a step at a
 * time until the loop has started its next play (React arms each play's timer just after the last).
 */
export async function finishPlay(page: Page, stepMs = 1_000) {
  const before = await playNumber(page);
  await expect(async () => {
    await page.clock.runFor(stepMs);
    expect(await playNumber(page)).toBe(before + 1);
  }).toPass({ intervals: [50], timeout: 15_000 });
}

/** Waits until the screen's event stream has greeted it: from then on the server's pushes reach it. */
export async function streamOpen(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-stream', 'open');
}

export function caption(page: Page) {
  return page.getByText(/^Playing ad \d+ of \d+ - /);
}

/** A clock for the player that starts an hour back, so plays it stamps are never in the server's future. */
export async function installPlayerClock(page: Page) {
  // From the server's now: the server bills only plays that could have happened on the screen by
  // then (decision 036), so the player's clock must not start in the past of the screen's list.
  await page.clock.install({ time: Date.now() });
}

/**
 * Stops the player's clock where it is (a step of 100 ms on): from then on its time moves only by
 * `page.clock.runFor`. A first try may find that real time has passed the step; the clock is
 * paused by then, so the next try lands.
 */
export async function pausePlayerClock(page: Page) {
  await expect(async () => {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 100);
  }).toPass({ intervals: [0], timeout: 5_000 });
}

/**
 * A new screen beside the demo screen, for a test that counts its plays: one device shows one
 * play at a time, so plays of another test on the demo screen at the same moments are refused.
 */
export async function freshScreen(request: APIRequestContext): Promise<{ screenCode: string; passcode: string }> {
  const token = await adminToken(request);
  const listed = await request.get(`/api/ad-screens?q=${DEMO_SCREEN.screenCode}`, { headers: bearer(token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const demo = ((await listed.json()).data as { screen_code: string; outlet: { id: string } }[]).find(
    (screen) => screen.screen_code === DEMO_SCREEN.screenCode,
  );
  if (!demo) throw new Error('The demo screen is missing');
  const created = await createScreen(request, token, demo.outlet.id);
  return { screenCode: created.screen.screen_code, passcode: created.passcode };
}

/** Waits until the service worker controls the player and holds the ad list and the media. */
export async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const [adList, media] = await Promise.all([caches.open('adloop-ad-list'), caches.open('adloop-media')]);
        return (await adList.keys()).length > 0 && (await media.keys()).length > 0;
      }),
    )
    .toBe(true);
}

/** How a video element is set to play: a player's video is muted, inline and without controls. */
export function videoSettings(player: Locator) {
  return player.evaluate((element: HTMLVideoElement) => ({
    muted: element.muted,
    playsInline: element.playsInline,
    controls: element.controls,
  }));
}
