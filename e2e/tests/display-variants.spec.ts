import type { PlaybackBatch, ScreenAd } from '@adloop/contract/screen';
import type { Variant } from '@adloop/contract/variants';
import type { Page } from '@playwright/test';
import { caption, finishPlay, installPlayerClock, openDisplay, type TestAd, updateAd } from '../support/display.ts';
import { testWithoutServiceWorker as displayTest, expect } from '../support/display-test.ts';
import { bearer, tokenOf } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

const COMPANY_ADMIN = { email: 'company.admin@demo.adloop.app', password: 'e2e-demo-staff' } as const;
const OFFER_URL = 'https://example.com/offer-b';

/** The media of the image the screen shows now (the stage keeps hidden layers at opacity 0). */
function shownMedia(page: Page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLImageElement>('[data-play] img')].filter(
      (image) => getComputedStyle(image).opacity === '1',
    );
    return shown.map((image) => new URL(image.src).pathname).join(',');
  });
}

/** A distinct PNG for variant B, drawn by the browser itself. */
async function variantImage(page: Page): Promise<Buffer> {
  await page.setContent(
    '<div style="width:640px;height:360px;display:grid;place-items:center;background:linear-gradient(135deg,#0f766e,#f59e0b);color:#fff;font:700 44px system-ui">Variant B · 20% off</div>',
  );
  return page.locator('div').screenshot();
}

/**
 * `advertiserAd(spec)`: an active ad of the demo company (whose admin edits it in the
 * dashboard), paused again when the test ends, like `adSet`'s ads. Other specs may have created
 * ads of other companies, so `adSet`'s own ads cannot be relied on to be the demo company's.
 */
const test = displayTest.extend<{
  advertiserAd: (spec: { title: string; media_url: string; duration_seconds: number }) => Promise<TestAd>;
}>({
  advertiserAd: async ({ request }, use) => {
    const created: Array<{ id: string; token: string }> = [];
    await use(async (spec) => {
      const admin = await tokenOf(request);
      const companies = await request.get('/api/ad-company', {
        headers: bearer(await tokenOf(request, COMPANY_ADMIN)),
      });
      const [company] = (await companies.json()).data as Array<{ id: string }>;
      const response = await request.post('/api/ads', {
        headers: bearer(admin),
        data: {
          company_id: company?.id,
          title: `${spec.title} ${Math.random().toString(36).slice(2, 7)}`,
          type: 'IMAGE',
          media_url: spec.media_url,
          duration_seconds: spec.duration_seconds,
          status: 'ACTIVE',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      const ad = (await response.json()).data as TestAd;
      created.push({ id: ad.id, token: admin });
      return ad;
    });
    for (const ad of created) await updateAd(request, ad.token, ad.id, { status: 'PAUSED' });
  },
});

test.describe('A/B variants', () => {
  test('variant rollout: a company admin adds B with a tracked link; the playing screen rotates A/B, shows the QR code and logs each play with its variant; scans count; analytics compares', async ({
    page,
    request,
    adSet,
    advertiserAd,
    browser,
  }) => {
    test.setTimeout(150_000);
    const setup = await adSet([{ title: 'Filler', duration_seconds: 1 }]);
    const [filler] = setup.ads as [TestAd];
    const ad = await advertiserAd({ title: 'Rollout', media_url: filler.media_url, duration_seconds: 1 });
    const posted: PlaybackBatch['logs'] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/playback-logs/log')) {
        posted.push(...(sent.postDataJSON() as PlaybackBatch).logs);
      }
    });
    // Every play the screen sends must be stored: a refused one would silently change the counts.
    const refused: unknown[] = [];
    page.on('response', async (answer) => {
      if (answer.request().method() === 'POST' && answer.url().endsWith('/api/playback-logs/log') && answer.ok()) {
        refused.push(...(((await answer.json().catch(() => null))?.data?.refused as unknown[] | undefined) ?? []));
      }
    });
    await installPlayerClock(page);
    const session = await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${filler.title}`);

    // The advertiser starts the test in the dashboard while the screen plays.
    // On the network's clock, as its staff read it: the analytics' default "last 7 days" then holds
    // the plays made now, which count on their outlet's date (decision 072), at any hour of the run.
    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Kolkata' });
    const dashboard = await staff.newPage();
    const imageB = await variantImage(dashboard);
    await signInAs(dashboard, request, `/dashboard/ads/edit/${ad.id}`, COMPANY_ADMIN);
    const card = dashboard.locator('[data-slot="card"]').filter({ hasText: 'Variants (A/B test)' });
    await card.getByRole('button', { name: 'Use current media as A' }).click();
    await expect(card.getByRole('listitem', { name: 'Variant A' })).toBeVisible();
    await card.getByRole('button', { name: 'Add variant' }).click();
    const dialog = dashboard.getByRole('dialog');
    await expect(dialog.getByLabel('Label')).toHaveValue('B');
    await dialog.getByLabel('Upload image or video').setInputFiles({
      name: 'variant-b.png',
      mimeType: 'image/png',
      buffer: imageB,
    });
    await expect(dialog.getByText('variant-b.png')).toBeVisible();
    await dialog.getByLabel('Tracked link (optional)').fill(OFFER_URL);
    await dialog.screenshot({ path: 'test-results/screenshots/ab-variant-dialog-1440.png' });
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await expect(dashboard.getByText('Variant B added')).toBeVisible();
    await expect(
      dashboard.getByText('It waits for review; the ad keeps playing as approved until then.'),
    ).toBeVisible();
    const rowB = card.getByRole('listitem', { name: 'Variant B' });
    await expect(rowB.getByText('Not yet reviewed')).toBeVisible();
    const pendingEdit = dashboard.locator('[data-slot="card"]').filter({ hasText: 'Edit awaiting review' });
    await expect(pendingEdit.getByText('1 new or changed variant')).toBeVisible();
    await expect(rowB.getByText('50%')).toBeVisible();
    await expect(rowB.getByRole('img', { name: 'QR code of variant B' })).toBeVisible();
    await dashboard.mouse.move(0, 0);
    for (const width of [1440, 390]) {
      await dashboard.setViewportSize({ width, height: width < 720 ? 844 : 900 });
      await shoot(dashboard, 'ab-variants-page', width);
      await card.screenshot({ path: `test-results/screenshots/ab-variants-section-${width}.png` });
    }

    // A new creative goes through review while the ad keeps playing without it; the reviewer
    // approves the edit and the screen is told.
    const waiting = await request.get('/api/screen-auth/ads', {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    const listed = ((await waiting.json()).data as ScreenAd[]).find((row) => row.id === ad.id);
    expect(listed?.variants?.map((variant) => variant.label)).toEqual(['A']);
    const variantsResponse = await request.get(`/api/ads/${ad.id}/variants`, {
      headers: { Authorization: `Bearer ${setup.token}` },
    });
    const [variantA, variantB] = (await variantsResponse.json()).data as [Variant, Variant];
    expect(variantB.link?.url).toBe(OFFER_URL);
    const approved = await request.post(`/api/ads/${ad.id}/revision/approve`, {
      headers: { Authorization: `Bearer ${setup.token}` },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    // Without a reload the screen rotates A and B by turn, each play logged with its variant.
    const seen = new Map<string, string>();
    let qrChecked = false;
    await expect(caption(page)).toContainText(/Playing ad \d of 2 - /, { timeout: 10_000 });
    // A turn is ten plays of the ad and ten of the filler; the first turn after the list with B
    // arrives is A's (a new set of variants starts its rotation at A), so B comes a turn later.
    // Under load the list can arrive a turn late: six turns of room, and the loop ends once both are seen.
    for (let play = 0; play < 120 && !(seen.size === 2 && qrChecked); play += 1) {
      if ((await caption(page).textContent())?.endsWith(ad.title)) {
        const media = await shownMedia(page);
        if (media === variantA.media_url) seen.set('A', media);
        if (media === variantB.media_url) {
          seen.set('B', media);
          const qr = page.getByTestId('variant-qr');
          await expect(qr).toBeVisible();
          await expect(qr).toHaveAttribute(
            'data-url',
            `${new URL(page.url()).origin}/r/${variantB.link?.code}?s=${session.screen_code}`,
          );
          await expect(qr.getByRole('img', { name: 'QR code for the offer' })).toBeVisible();
          await expect(qr).toContainText('Scan for the offer');
          if (!qrChecked) {
            for (const [width, height] of [
              [1440, 900],
              [390, 844],
            ] as const) {
              await page.setViewportSize({ width, height });
              await shoot(page, 'ab-player-qr', width);
            }
            await page.setViewportSize({ width: 1920, height: 1080 });
            const box = await qr.getByRole('img').boundingBox();
            expect(box?.width).toBeGreaterThanOrEqual(160);
            expect(box?.width).toBeLessThanOrEqual(220);
            qrChecked = true;
          }
        } else if (media === variantA.media_url) {
          await expect(page.getByTestId('variant-qr')).toHaveCount(0);
        }
      }
      await finishPlay(page);
    }
    expect([...seen.keys()].sort()).toEqual(['A', 'B']);
    expect(qrChecked).toBe(true);
    await expect
      .poll(() => posted.filter((entry) => entry.ad_id === ad.id && entry.variant_id).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(10);
    // Both variants were shown; a play is posted with the screen's next batch, so the last ones shown
    // may still be on their way: wait for plays of both to have been logged, each with its variant.
    const loggedVariants = () =>
      [
        ...new Set(
          posted.filter((entry) => entry.ad_id === ad.id && entry.variant_id).map((entry) => entry.variant_id),
        ),
      ].sort();
    await expect.poll(loggedVariants, { timeout: 15_000 }).toEqual([variantA.id, variantB.id].sort());
    expect(posted.filter((entry) => entry.ad_id === filler.id).every((entry) => !entry.variant_id)).toBe(true);

    // The screen stops, so the numbers below hold still.
    await page.close();
    expect(refused).toEqual([]);
    const sent = new Map<string, number>();
    for (const entry of posted) {
      if (entry.ad_id === ad.id && entry.variant_id) sent.set(entry.variant_id, (sent.get(entry.variant_id) ?? 0) + 1);
    }

    // A phone scanning the code is counted and sent to the offer.
    const scan = await request.get(`/r/${variantB.link?.code}?s=${session.screen_code}`, { maxRedirects: 0 });
    expect(scan.status()).toBe(302);
    expect(scan.headers().location).toBe(OFFER_URL);
    const unknown = await request.get('/r/NOPE0000', { maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('This link is not available');

    // Analytics compares the variants, over the days around today (a range spans at most 366 days).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const results = async () => {
      const response = await request.get('/api/analytics/variants', {
        headers: { Authorization: `Bearer ${setup.token}` },
        params: { ad_id: ad.id, from: day(-2), to: day(2) },
      });
      return (await response.json()).data.variants as Array<{ label: string; plays: number; scans: number }>;
    };
    await expect
      .poll(async () => (await results()).map((row) => [row.label, row.plays, row.scans]))
      .toEqual([
        ['A', sent.get(variantA.id), 0],
        ['B', sent.get(variantB.id), 1],
      ]);
    await dashboard.setViewportSize({ width: 1440, height: 900 });
    await dashboard.goto('/dashboard/analytics');
    const comparison = dashboard.locator('[data-slot="card"]').filter({ hasText: 'A/B test by variant' });
    await comparison.getByLabel('Ad').selectOption(ad.id);
    const table = comparison.getByRole('table', { name: `Variants of ${ad.title}` });
    const cells = (label: string) =>
      table
        .getByRole('row')
        .filter({ has: dashboard.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(cells('A')).toHaveText([String(sent.get(variantA.id)), '0', '0.00%', '—', 'Control']);
    await expect(cells('B')).toHaveText([
      String(sent.get(variantB.id)),
      '1',
      `${((1 / (sent.get(variantB.id) ?? 1)) * 100).toFixed(2)}%`,
      '—',
      'Needs more plays',
    ]);
    for (const width of [1440, 390]) {
      await dashboard.setViewportSize({ width, height: width < 720 ? 844 : 900 });
      await shoot(dashboard, 'ab-analytics-page', width);
      await comparison.screenshot({ path: `test-results/screenshots/ab-analytics-comparison-${width}.png` });
    }
    await staff.close();
  });
});
