import { expect, type Locator, type Page, test } from '@playwright/test';
import { bearer, createCompany, createStaff, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/** Issue 11 (decision 047): a new admin anywhere in India gets an outlet onboarded. */

const formMessage = (scope: Page | Locator, text: string | RegExp) =>
  scope.locator('[data-slot="form-message"]').filter({ hasText: text });

/** Opens the time zone picker, searches, and answers the options found, best first. */
async function searchZones(page: Page, search: string) {
  const picker = page.getByRole('combobox', { name: 'Time zone' });
  if ((await picker.getAttribute('aria-expanded')) !== 'true') await picker.click();
  await page.getByRole('textbox', { name: 'Search by city, country or zone' }).fill(search);
  return page.getByRole('listbox').getByRole('option');
}

async function chooseZone(page: Page, search: string, zone: string) {
  const options = await searchZones(page, search);
  await expect(options.first()).toContainText(zone);
  await options.first().click();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText(zone);
}

test.describe('outlet onboarding anywhere in India', () => {
  test('a global admin onboards an outlet in 560034, new to AdLoop, and finds its zone by "India" and "Kolkata"', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await tokenOf(request);
    const unknown = await request.get('/api/pincode/560034', { headers: bearer(admin) });
    expect(unknown.status(), 'pincode 560034 must be new to this server').toBe(404);
    const name = `Koramangala Social ${unique()}`;
    const code = `KS-${unique().toUpperCase()}`;

    await signInAs(page, request, '/dashboard/onboarding/outlet/onboard');
    await test.step('the zone starts at India’s, never the browser’s UTC, and "India" finds it', async () => {
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText('Asia/Kolkata');
      await chooseZone(page, 'Dubai', 'Asia/Dubai');
      await chooseZone(page, 'India', 'Asia/Kolkata');
      await expect(page.getByText('India, UTC+05:30 today.')).toBeVisible();
    });

    await test.step('a pincode AdLoop does not know asks for its state, and the city and state are required', async () => {
      await page.getByLabel('Outlet name').fill(name);
      await page.getByLabel('Outlet code').fill(code);
      await page.getByLabel('Address').fill('80 Feet Road, Koramangala 4th Block');
      await page.getByLabel('Pincode').fill('560034');
      await expect(page.getByText('New to AdLoop: give its city and state')).toBeVisible();
      await page.getByRole('button', { name: 'Onboard outlet' }).click();
      await expect(formMessage(page, 'Pincode 560034 is new to AdLoop: give its city and state')).toHaveCount(2);
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
      await page.getByRole('button', { name: 'Onboard outlet' }).click();
      await expect(page.getByText(`${name} onboarded`)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/onboarding\/outlet$/);
    });

    const row = page.getByRole('row').filter({ hasText: name });
    await test.step('the outlet list shows its city, state, pincode and zone', async () => {
      await page.getByRole('searchbox', { name: 'Search outlets' }).fill(name);
      await expect(row.getByText('Bengaluru, Karnataka')).toBeVisible();
      await expect(row.getByText('560034')).toBeVisible();
      await expect(row.getByText('Asia/Kolkata')).toBeVisible();
    });

    await test.step('the pincodes page lists 560034', async () => {
      await page.getByRole('link', { name: 'Pincodes' }).click();
      await expect(page.getByRole('heading', { name: 'Pincodes', level: 1 })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search pincodes' }).fill('560034');
      const pincode = page.getByRole('row').filter({ hasText: '560034' });
      await expect(pincode).toHaveCount(1);
      await expect(pincode.getByRole('cell', { name: 'Bengaluru' })).toBeVisible();
      await expect(pincode.getByRole('cell', { name: 'Karnataka' })).toBeVisible();
    });

    await test.step('the outlet’s page shows its place and zone; "Kolkata" and its old name find the zone', async () => {
      await page.goto(`/dashboard/onboarding/outlet?q=${encodeURIComponent(name)}`);
      await row.getByRole('link', { name }).click();
      await expect(page.getByText('Bengaluru, Karnataka')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText('Asia/Kolkata');
      await chooseZone(page, 'United Kingdom', 'Europe/London');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText(`${name} saved`)).toBeVisible();
      await expect(await searchZones(page, 'Calcutta')).toHaveText([/Asia\/Kolkata.*formerly Asia\/Calcutta/]);
      await chooseZone(page, 'Kolkata', 'Asia/Kolkata');
      const saving = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await saving).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText('Asia/Kolkata');
      const saved = await request.get('/api/outlets', { headers: bearer(admin), params: { q: name } });
      expect((await saved.json()).data[0]).toMatchObject({ timezone: 'Asia/Kolkata', pincode: '560034' });
    });
  });

  test('a second outlet in a known pincode gets its city filled in; a mismatching city is named', async ({
    page,
    request,
  }) => {
    const name = `Indiranagar Bistro ${unique()}`;
    await signInAs(page, request, '/dashboard/onboarding/outlet/onboard');
    await page.getByLabel('Outlet name').fill(name);
    await page.getByLabel('Outlet code').fill(`IB-${unique().toUpperCase()}`);
    await page.getByLabel('Pincode').fill('560038');
    await expect(page.getByText('Bengaluru, Karnataka')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await page.getByLabel('City').fill('Mysuru');
    await page.getByRole('button', { name: 'Onboard outlet' }).click();
    await expect(formMessage(page, 'Pincode 560038 is in Bengaluru, Karnataka, not Mysuru')).toBeVisible();
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByRole('button', { name: 'Onboard outlet' }).click();
    await expect(page.getByText(`${name} onboarded`)).toBeVisible();
  });

  test('every staff role reads the pincodes; only a global admin adds, edits and deletes them', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request);
    const code = `79${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await signInAs(page, request, '/dashboard/onboarding/pincodes');
    await page.getByRole('button', { name: 'Add pincode' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a pincode' });
    await dialog.getByLabel('Pincode').fill('12');
    await dialog.getByRole('button', { name: 'Add pincode' }).click();
    await expect(formMessage(dialog, 'Pincode must be 6 digits')).toBeVisible();
    await dialog.getByLabel('Pincode').fill(code);
    await dialog.getByLabel('City').fill('Shillong');
    await dialog.getByLabel('State').selectOption('Meghalaya');
    await dialog.getByRole('button', { name: 'Add pincode' }).click();
    await expect(page.getByText(`Pincode ${code} added`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search pincodes' }).fill('shillong');
    await page.getByRole('button', { name: `Actions for pincode ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit pincode ${code}` });
    await edit.getByLabel('City').fill('Shillong Cantonment');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: code }).getByText('Shillong Cantonment')).toBeVisible();

    const company = await createCompany(request, admin);
    const employee = await createStaff(request, admin, 'COMPANY_EMPLOYEE', { company_id: company.id });
    await signInAs(page, request, `/dashboard/onboarding/pincodes?q=${code}`, employee.login);
    await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add pincode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Actions for pincode ${code}` })).toHaveCount(0);

    await signInAs(page, request, `/dashboard/onboarding/pincodes?q=${code}`);
    await page.getByRole('button', { name: `Actions for pincode ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete pincode' }).click();
    await expect(page.getByText(`Pincode ${code} deleted`)).toBeVisible();
    await expect(page.getByText('No pincodes match')).toBeVisible();
  });

  for (const width of [390, 1440] as const) {
    test(`pincodes page and outlet form at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
      await signInAs(page, request, '/dashboard/onboarding/outlet');
      await expect(page.getByText('Asia/Kolkata').first()).toBeVisible();
      await shoot(page, 'onboarding-outlets', width);
      await page.goto('/dashboard/onboarding/pincodes');
      await expect(page.getByText('560038').first()).toBeVisible();
      await shoot(page, 'onboarding-pincodes', width);
      await page.getByRole('button', { name: 'Add pincode' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add a pincode' })).toBeVisible();
      await shoot(page, 'onboarding-pincodes-add', width);

      await page.goto('/dashboard/onboarding/outlet/onboard');
      await page.getByLabel('Outlet name').fill('Fort Kochi Coffee House');
      await page.getByLabel('Pincode').fill('682001');
      await expect(page.getByLabel('State', { exact: true })).toBeVisible();
      await shoot(page, 'onboarding-outlet-new-pincode', width);
      await expect(await searchZones(page, 'India')).not.toHaveCount(0);
      await shoot(page, 'onboarding-outlet-time-zone', width);
    });
  }
});
