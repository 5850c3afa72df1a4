import type { Ad } from '@adloop/contract/ads';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { bearer, createCompany, createStaff, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/** Issue 24 (decision 091): every pending item in one review queue, counted on the home page and in the sidebar. */

/** A tag no screen carries: the test's ads are live yet play nowhere, so other specs' screens never see them. */
const NOWHERE = { tags: ['e2e-review-queue-nowhere'] };

async function makeAd(request: APIRequestContext, token: string, data: Record<string, unknown>): Promise<Ad> {
  const response = await request.post('/api/ads', { headers: bearer(token), data: { targeting: NOWHERE, ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** The queue's length as the API tells it now. */
async function queueTotal(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/ads', {
    headers: bearer(token),
    params: { awaiting_review: 'true', pageSize: 1 },
  });
  return (await response.json()).meta.total;
}

/** The home page's "Awaiting review" card. */
const awaitingReview = (page: Page): Locator =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: /^Awaiting review/ }) });

test.describe('the review queue', () => {
  test("a company admin's retitle of a live ad waits in the admin's review queue, counted on the home page and in the sidebar", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const admin = await tokenOf(request);
    const company = await createCompany(request, admin, `Queue Co ${unique()}`);
    const advertiser = await createStaff(request, admin, 'COMPANY_ADMIN', { company_id: company.id });
    const listed = await request.get('/api/ads', {
      headers: bearer(admin),
      params: { pageSize: 100, sort: 'created_at' },
    });
    const uploaded = ((await listed.json()).data as Ad[]).filter((ad) => ad.media_url.startsWith('/media/'));
    const demoVideo = uploaded.find((ad) => ad.type === 'VIDEO');
    const demoImage = uploaded.find((ad) => ad.type === 'IMAGE');
    if (!demoVideo || !demoImage) throw new Error('The demo ads are missing');
    const title = `Cold brew reel ${unique()}`;
    const live = await makeAd(request, admin, {
      company_id: company.id,
      title,
      type: 'VIDEO',
      media_url: demoVideo.media_url,
      status: 'ACTIVE',
    });
    const submitted = await makeAd(request, await tokenOf(request, advertiser.login), {
      title: `Monsoon poster ${unique()}`,
      type: 'IMAGE',
      media_url: demoImage.media_url,
      duration_seconds: 8,
      status: 'PENDING_REVIEW',
    });

    try {
      await test.step('the company admin retitles the live ad; it waits for review', async () => {
        await signInAs(page, request, `/dashboard/ads/edit/${live.id}`, advertiser.login);
        await page.getByLabel('Title').fill(`${title} (monsoon)`);
        await page.getByRole('button', { name: 'Save changes' }).click();
        await expect(page.getByText('Edit sent for review')).toBeVisible();
        await page.goto('/dashboard');
        const card = awaitingReview(page);
        await expect(card).toBeVisible({ timeout: 20_000 });
        await expect(card.getByText('2 waiting')).toBeVisible();
        await expect(card.getByRole('listitem').filter({ hasText: title })).toContainText(`Edit · ${company.name}`);
      });

      const reviewer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signInAs(reviewer, request, '/dashboard');
      const queueLink = reviewer.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
        name: /^Review queue/,
      });
      await test.step("the admin's home and sidebar count the queue, the edit among it", async () => {
        // One test at a time runs against this server (one worker a shard): nothing else adds to the queue meanwhile.
        const total = await queueTotal(request, admin);
        expect(total).toBeGreaterThanOrEqual(2);
        // The home page's code loads on demand (spec §2), then its summary: slow on a busy machine.
        await expect(awaitingReview(reviewer)).toBeVisible({ timeout: 20_000 });
        await expect(awaitingReview(reviewer).getByText(`${total} waiting`, { exact: true })).toBeVisible();
        await expect(queueLink).toHaveAccessibleName(`Review queue ${total} waiting`);
        await expect(
          reviewer.getByRole('region', { name: 'Totals' }).getByRole('link', { name: /^Ads/ }),
        ).toContainText(`${total} awaiting review`);
      });

      const row = reviewer.getByRole('row').filter({ hasText: title });
      await test.step('the queue lists the new ad and the edit with what it changes', async () => {
        await queueLink.click();
        await expect(reviewer.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible({
          timeout: 20_000,
        });
        await reviewer.getByRole('searchbox', { name: 'Search the queue' }).fill(company.name);
        await expect(reviewer.getByRole('row').filter({ hasText: company.name })).toHaveCount(2);
        await expect(row).toContainText('Edit of a live ad');
        await expect(row).toContainText(`Title: ${title} → ${title} (monsoon)`);
        await expect(row).toContainText(`by ${advertiser.name}`);
        await expect(reviewer.getByRole('row').filter({ hasText: submitted.title })).toContainText('New ad');
        await reviewer.mouse.move(0, 0);
        for (const width of [1440, 390]) {
          await reviewer.setViewportSize({ width, height: width < 720 ? 844 : 900 });
          await shoot(reviewer, 'review-queue', width);
        }
        await reviewer.setViewportSize({ width: 1440, height: 900 });
      });

      await test.step('"Approve edit" asks first, then the edit plays and leaves the queue', async () => {
        await row.getByRole('button', { name: `Approve edit of ${title}` }).click();
        const confirm = reviewer.getByRole('alertdialog', { name: `Approve the edit of “${title}”?` });
        await expect(confirm).toContainText('The edit of the title reaches the screens playing it within seconds.');
        await confirm.getByRole('button', { name: 'Approve edit' }).click();
        await expect(reviewer.getByText('Edit approved')).toBeVisible();
        await expect(reviewer.getByRole('row').filter({ hasText: company.name })).toHaveCount(1);
        const approved = await request.get(`/api/ads/${live.id}`, { headers: bearer(admin) });
        expect((await approved.json()).data).toMatchObject({ title: `${title} (monsoon)`, revision: null });
      });
      await reviewer.close();
    } finally {
      // Left behind, the new ad would stay first in every later home page's short list.
      for (const ad of [live, submitted]) await request.delete(`/api/ads/${ad.id}`, { headers: bearer(admin) });
    }
  });
});
