import path from 'node:path';
import type { ScreenAd } from '@adloop/contract/screen';
import { authenticateScreen, openDisplay } from '../support/display.ts';
import { expect, showControls, test } from '../support/display-test.ts';
import { bearer, createOutlet, createScreen, createStaff, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

const MENU = path.resolve(import.meta.dirname, '../../apps/server/assets/demo/cold-brew.jpg');

/** Decision 090: an outlet's own content, reviewed, on its own screens only, in the loop's room. */
test('an outlet admin puts their own menu on their screen: reviewed, then played in the room a paid ad leaves', async ({
  page,
  browser,
  request,
  adSet,
}) => {
  test.setTimeout(60_000);
  // The network's loop is one paid ad at half the rounds: every other round is room.
  await adSet([{ title: 'Paid at half', schedule: { share_of_voice: 50 } }]);
  const admin = await tokenOf(request);
  const outlet = await createOutlet(request, admin);
  const { screen, passcode } = await createScreen(request, admin, outlet.id);
  const outletAdmin = await createStaff(request, admin, 'OUTLET_ADMIN', { outlet_ids: [outlet.id] });
  const title = `Thali of the day ${unique()}`;

  await signInAs(page, request, '/dashboard/ads', outletAdmin.login);
  await page.getByRole('link', { name: 'Create ad' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/ads\/create$/);
  await expect(page.getByText("Your own menu or promotions, on your outlet's screens only.")).toBeVisible();
  await expect(page.getByText(outlet.name, { exact: true })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Upload image or video').setInputFiles(MENU);
  await expect(page.getByRole('img', { name: title })).toBeVisible();
  await expect(page.getByTestId('ad-reach')).toHaveText('Reaches 1 screen in 1 outlet');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, 'house-content-create', width);
  }
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Ad submitted for review')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText('Ad submitted for review')).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Pending review')).toBeVisible();
  await expect(row.getByText(`House content · ${outlet.name}`)).toBeVisible();
  // The paid ad that plays on their screen is listed too, to read, not to change.
  const paidRow = page.getByRole('row').filter({ hasText: 'Paid at half' });
  await expect(paidRow.getByRole('button', { name: /^Paid at half/ })).toBeVisible();
  await expect(paidRow.getByRole('link')).toHaveCount(0);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, 'house-content-ads', width);
  }
  const id = (await row.getByRole('link', { name: title }).getAttribute('href'))!.split('/').pop()!;

  const approved = await request.post(`/api/ads/${id}/approve`, { headers: bearer(admin) });
  expect(approved.status(), await approved.text()).toBe(200);

  // The outlet's screen plays it in a round the paid ad leaves free: Skip leaves the paid ad's run.
  const display = await browser.newPage();
  await openDisplay(display, request, { screenCode: screen.screen_code, passcode });
  const playing = display.getByText(`- ${title}`);
  await expect(async () => {
    if (await playing.isVisible()) return;
    await showControls(display);
    await display.getByRole('button', { name: 'Skip' }).click();
    await expect(playing).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(display.getByText(/^Playing ad 2 of 2 - /)).toBeVisible();
  await display.close();

  // No other outlet's screen is handed it.
  const demo = await authenticateScreen(request);
  const demoList = await request.get('/api/screen-auth/ads', { headers: bearer(demo.access_token) });
  const demoAds: ScreenAd[] = (await demoList.json()).data;
  expect(demoAds.map((ad) => ad.title)).toEqual([expect.stringMatching(/^Paid at half/)]);
  expect(demoAds.map((ad) => ad.id)).not.toContain(id);
});
