import { adminToken, caption, demoAds, openDisplay, type TestAd, updateAd } from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';
import { bearer, createCompany, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

test.describe('ad version history', () => {
  test('a rollback from the History card reaches the playing screen within seconds, without a reload', async ({
    page,
    browser,
    request,
    adSet,
  }) => {
    const token = await adminToken(request);
    const company = await createCompany(request, token);
    const demoImage = (await demoAds(request, token)).image;
    // The demo screen plays only our ad while the test runs; the fixture resumes the others.
    await adSet([]);

    const first = `History ${unique()}`;
    const created = await request.post('/api/ads', {
      headers: bearer(token),
      data: {
        company_id: company.id,
        title: first,
        type: 'IMAGE',
        media_url: demoImage.media_url,
        duration_seconds: 600,
        status: 'ACTIVE',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const ad: TestAd = (await created.json()).data;
    try {
      await updateAd(request, token, ad.id, { title: `${first} (spring)` });
      await updateAd(request, token, ad.id, { title: `${first} (summer)` });

      await openDisplay(page, request);
      await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${first} (summer)`);
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });

      const dashboard = await browser.newPage();
      await signInAs(dashboard, request, `/dashboard/ads/edit/${ad.id}`);
      const versions = dashboard.getByRole('list', { name: 'Versions' });
      await expect(versions.getByRole('listitem', { name: /^Version \d+$/ })).toHaveCount(3);
      const latest = versions.getByRole('listitem', { name: 'Version 3' });
      await expect(latest.getByText('Current')).toBeVisible();
      await expect(latest.getByRole('list', { name: 'Changes in version 3' })).toHaveText(
        `Title:${first} (spring)${first} (summer)`,
      );
      await expect(latest.getByRole('button', { name: /Roll back/ })).toHaveCount(0);

      await versions.getByRole('button', { name: 'Roll back to version 1' }).click();
      const confirm = dashboard.getByRole('alertdialog', { name: 'Roll back to version 1?' });
      await confirm.getByRole('button', { name: 'Roll back' }).click();
      const rolledBackAt = Date.now();
      await expect(dashboard.getByText('Rolled back to v1').first()).toBeVisible();

      const rollback = versions.getByRole('listitem', { name: 'Version 4' });
      await expect(rollback.getByText('Current')).toBeVisible();
      await expect(rollback.getByText('Rolled back to v1')).toBeVisible();
      await expect(rollback.getByRole('list', { name: 'Changes in version 4' })).toHaveText(
        `Title:${first} (summer)${first}`,
      );
      await expect(dashboard.getByLabel('Title')).toHaveValue(first);

      await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${first}`, { timeout: 5_000 });
      expect(Date.now() - rolledBackAt).toBeLessThan(5_000);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await dashboard.close();
    } finally {
      await updateAd(request, token, ad.id, { status: 'PAUSED' });
    }
  });
});
