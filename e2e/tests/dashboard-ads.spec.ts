import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { caption, openDisplay } from '../support/display.ts';
import { showControls } from '../support/display-test.ts';
import {
  companyWithStaff,
  createCompany,
  createStaff,
  outletWithStaff,
  tokenOf,
  unique,
} from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

const COLD_BREW = path.resolve(import.meta.dirname, '../../apps/server/assets/demo/cold-brew.jpg');

/** As a company admin: create an ad with an uploaded image and submit it; answers its id. */
async function createAndSubmitAd(page: Page, title: string): Promise<string> {
  await page.goto('/dashboard/ads/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Upload image or video').setInputFiles(COLD_BREW);
  await expect(page.getByText('cold-brew.jpg')).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toBeVisible();
  await page.getByLabel('Duration').fill('8');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Ad submitted for review')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Pending review')).toBeVisible();
  await expect(row.getByText('8 s')).toBeVisible();
  const href = await row.getByRole('link', { name: title }).getAttribute('href');
  return href!.split('/').pop()!;
}

test.describe('ads', () => {
  test('a company admin uploads and submits an ad; a global admin approves it', async ({ page, request, browser }) => {
    const { staff: companyAdmin } = await companyWithStaff(request, 'COMPANY_ADMIN');
    const title = `Cold brew ${unique()}`;

    await signInAs(page, request, '/dashboard/ads', companyAdmin.login);
    const adId = await test.step('company admin creates and submits', () => createAndSubmitAd(page, title));
    // A company admin cannot approve their own ad.
    await page.goto(`/dashboard/ads/edit/${adId}`);
    await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // The demo screen is already playing before the approval.
    const screen = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await openDisplay(screen, request);
    await expect(caption(screen)).toBeVisible();
    const countOf = async () => Number((await caption(screen).textContent())?.match(/of (\d+)/)?.[1]);
    const before = await countOf();

    await test.step('global admin approves', async () => {
      const adminPage = await browser.newPage();
      await signInAs(adminPage, request, '/dashboard');
      await adminPage.getByRole('link', { name: title }).click();
      await expect(adminPage).toHaveURL(new RegExp(`/dashboard/ads/edit/${adId}$`));
      await adminPage.getByRole('button', { name: 'Approve' }).click();
      // Approving puts it on screens: it asks first, like every other step (decision 091).
      await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approve ad' }).click();
      await expect(adminPage.getByText('Ad approved')).toBeVisible();
      await expect(adminPage.getByText('Approved and playing on screens.')).toBeVisible();
      await adminPage.close();
    });
    await test.step('the playing screen gets the ad within seconds, without a reload', async () => {
      await expect.poll(countOf, { timeout: 10_000 }).toBe(before + 1);
      // Skip along the loop until the new ad is on screen.
      await expect(async () => {
        await showControls(screen);
        if (!(await caption(screen).textContent())?.endsWith(title)) {
          await screen.getByRole('button', { name: 'Skip' }).click();
        }
        await expect(caption(screen)).toHaveText(new RegExp(`^Playing ad \\d+ of ${before + 1} - ${title}$`), {
          timeout: 500,
        });
      }).toPass({ timeout: 20_000 });
      await screen.close();
    });

    await page.reload();
    await expect(page.getByText('Approved and playing on screens.')).toBeVisible();
  });

  test('a rejected ad shows its reason to the company, which edits it into a new version', async ({
    page,
    request,
  }) => {
    const { staff: employee } = await companyWithStaff(request, 'COMPANY_EMPLOYEE');
    const title = `Summer menu ${unique()}`;

    await signInAs(page, request, '/dashboard/ads', employee.login);
    const adId = await createAndSubmitAd(page, title);

    await signInAs(page, request, '/dashboard/ads?status=PENDING_REVIEW');
    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject “${title}”` });
    await dialog.getByRole('button', { name: 'Reject ad' }).click();
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The price is unreadable from across the room.');
    await dialog.getByRole('button', { name: 'Reject ad' }).click();
    await expect(page.getByText('Ad rejected')).toBeVisible();

    await signInAs(page, request, `/dashboard/ads/edit/${adId}`, employee.login);
    await expect(page.getByText('The price is unreadable from across the room.')).toBeVisible();
    // The status panel's version (the History card lists v1 too).
    await expect(page.getByRole('definition').getByText('v1', { exact: true })).toBeVisible();
    await page.getByLabel('Title').fill(`${title} v2`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('is now version 2')).toBeVisible();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Waiting for an AdLoop admin to approve it.')).toBeVisible();
  });

  test('the ad form explains what is missing or wrong', async ({ page, request }) => {
    await signInAs(page, request, '/dashboard/ads/create');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Choose a company')).toBeVisible();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Add the media: upload a file or give its URL')).toBeVisible();

    await page.getByRole('tab', { name: 'Media URL' }).click();
    await page.getByRole('textbox', { name: 'Media URL' }).fill('ftp://example.com/ad.png');
    await expect(page.getByText('Media URL must start with http:// or https://')).toBeVisible();
    await page.getByRole('textbox', { name: 'Media URL' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(page.getByRole('radio', { name: 'Video' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Play YouTube preview' })).toBeVisible();
    await expect(page.getByLabel('Duration')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Image' }).check({ force: true });
    await page.getByLabel('Duration').fill('0');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Must be at least 1')).toBeVisible();
  });

  test('a global admin finds, edits and deletes an ad from the list', async ({ page, request }) => {
    const admin = await tokenOf(request);
    const company = await createCompany(request, admin);
    const title = `Gym launch ${unique()}`;
    const created = await request.post('/api/ads', {
      headers: { Authorization: `Bearer ${admin}` },
      data: { company_id: company.id, title, type: 'IMAGE', media_url: '/media/not-there.jpg', duration_seconds: 5 },
    });
    expect(created.status()).toBe(201);

    await signInAs(page, request, '/dashboard/ads');
    await page.getByRole('searchbox', { name: 'Search ads' }).fill(title);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replaceAll('%20', '\\+')}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Updated' }).click();
    await expect(page).toHaveURL(/sort=updated_at/);

    await page.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByLabel('Duration').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('is now version 2')).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete “${title}”?` });
    await confirm.getByRole('button', { name: 'Delete ad' }).click();
    await expect(page.getByText('Ad deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/ads$/);
  });
});

test.describe('ads by role', () => {
  test("outlet staff create only their outlet's own content; company employees do not see screens", async ({
    page,
    request,
  }) => {
    const { admin, staff: outletEmployee } = await outletWithStaff(request, 'OUTLET_EMPLOYEE');
    await signInAs(page, request, '/dashboard/ads', outletEmployee.login);
    await expect(page.getByRole('heading', { name: 'Ads', level: 1 })).toBeVisible();
    // House content (decision 090): their own menu or promotions, on their outlet's screens.
    await page.getByRole('link', { name: 'Create ad' }).first().click();
    await expect(page.getByText("Your own menu or promotions, on your outlet's screens only.")).toBeVisible();
    await expect(page.getByText('Where it plays', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Pincodes')).toHaveCount(0);
    await page.goto('/dashboard/screens');
    await expect(page.getByRole('heading', { name: 'Screens', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create screen' })).toHaveCount(0);

    const company = await createCompany(request, admin);
    const companyEmployee = await createStaff(request, admin, 'COMPANY_EMPLOYEE', { company_id: company.id });
    await signInAs(page, request, '/dashboard', companyEmployee.login);
    const sidebar = page.locator('[data-slot="sidebar"]');
    await expect(sidebar.getByRole('link', { name: 'Ads', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Screens', exact: true })).toHaveCount(0);
    await page.goto('/dashboard/screens');
    await expect(page.getByText("You don't have access to this page")).toBeVisible();
  });
});
