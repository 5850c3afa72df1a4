import { expect, test } from '@playwright/test';
import { bearer, createCompany, createOutlet, createScreen, createStaff, tokenOf } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

/** Decision 032: the ad form's targeting with its live reach, and its schedule. */
test.describe('ad targeting and schedule in the form', () => {
  test('the reach follows the targeting as it is edited; targeting and schedule are saved', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await tokenOf(request);
    const company = await createCompany(request, admin);
    const outlet = await createOutlet(request, admin);
    await createScreen(request, admin, outlet.id);
    await createScreen(request, admin, outlet.id);
    const companyAdmin = await createStaff(request, admin, 'COMPANY_ADMIN', { company_id: company.id });
    const reach = page.getByTestId('ad-reach');

    await signInAs(page, request, '/dashboard/ads/create', companyAdmin.login);
    await expect(reach).toHaveText(/^Reaches \d+ screens? in \d+ outlets?$/);

    await page.getByLabel('Outlets').click();
    await page.getByLabel('Search outlets').fill(outlet.name);
    await page.getByRole('option', { name: outlet.name }).click();
    await page.keyboard.press('Escape');
    await expect(reach).toHaveText('Reaches 2 screens in 1 outlet');

    // Another kind narrows: this outlet is not in that city.
    await page.getByLabel('Cities').fill('Atlantis');
    await expect(reach).toHaveText('Reaches 0 screens in 0 outlets');
    await page.getByLabel('Cities').fill('bengaluru');
    await expect(reach).toHaveText('Reaches 2 screens in 1 outlet');

    await page.getByLabel('Title').fill('Lunch special');
    await page.getByRole('tab', { name: 'Media URL' }).click();
    await page.getByRole('textbox', { name: 'Media URL' }).fill('https://cdn.example.com/lunch.png');
    await page.getByRole('button', { name: 'Mon', exact: true }).click();
    await page.getByRole('button', { name: 'Fri', exact: true }).click();
    await page.getByLabel('From').fill('12:00');
    await page.getByLabel('Until').fill('11:00');
    await page.getByLabel('Share of voice').fill('50');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved')).toBeVisible();

    const ads = await request.get('/api/ads', {
      headers: bearer(admin),
      params: { q: 'Lunch special', pageSize: 100 },
    });
    const saved = (await ads.json()).data.find((ad: { company_id: string }) => ad.company_id === company.id);
    expect(saved.targeting).toEqual({ tags: [], outlet_ids: [outlet.id], pincodes: [], cities: ['bengaluru'] });
    expect(saved.schedule).toMatchObject({
      days_of_week: [1, 5],
      start_time: '12:00',
      end_time: '11:00',
      share_of_voice: 50,
    });

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/dashboard/ads/edit/${saved.id}`);
      await expect(page.getByRole('group', { name: 'Days of the week' })).toBeVisible();
      await expect(reach).toHaveText('Reaches 2 screens in 1 outlet');
      await expect(page.getByRole('button', { name: 'Mon', exact: true })).toHaveAttribute('aria-pressed', 'true');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.screenshot({ path: testInfo.outputPath(`ad-form-${width}.png`), fullPage: true });
    }
  });
});
