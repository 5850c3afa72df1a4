import { caption, openDisplay, streamOpen, updateAd } from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';

test.describe('pushed changes', () => {
  test('an ad edited through the API reaches the playing screen within 5 s, without a reload', async ({
    page,
    request,
    adSet,
  }) => {
    const setup = await adSet([{ title: 'Push A', duration_seconds: 60 }, { title: 'Push B' }]);
    const [a] = setup.ads as [(typeof setup.ads)[0]];
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title}`);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await streamOpen(page);
    const changedAt = Date.now();
    await updateAd(request, setup.token, a.id, { title: `${a.title} (new offer)` });
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${a.title} (new offer)`, { timeout: 5_000 });
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
