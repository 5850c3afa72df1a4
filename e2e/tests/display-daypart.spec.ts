import { caption, openDisplay } from '../support/display.ts';
import { expect, showControls, testWithoutServiceWorker as test } from '../support/display-test.ts';

/** Decision 032: the player applies each ad's schedule on its own clock, without a reload. */

// The demo outlet keeps the default zone.
const OUTLET_ZONE = 'Asia/Kolkata';

function outletTime(at: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: OUTLET_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

test.describe('dayparting', () => {
  test('a dayparted ad joins the loop when its window opens and leaves when it closes', async ({
    page,
    request,
    adSet,
  }) => {
    test.setTimeout(90_000);
    // The player's clock starts 10 s past a minute, an hour back; the window is its minutes 2 to 4.
    const start = Math.floor((Date.now() - 60 * 60_000) / 60_000) * 60_000 + 10_000;
    const opens = start - 10_000 + 2 * 60_000;
    const closes = opens + 2 * 60_000;
    const setup = await adSet([
      { title: 'Daypart always', duration_seconds: 5 },
      {
        title: 'Daypart window',
        duration_seconds: 5,
        schedule: { start_time: outletTime(opens), end_time: outletTime(closes) },
      },
    ]);
    const [always, windowed] = setup.ads as [(typeof setup.ads)[0], (typeof setup.ads)[0]];
    await page.clock.install({ time: start });
    await openDisplay(page, request);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${always.title}`);

    // Still shut a little before it opens.
    await page.clock.runFor(opens - start - 5_000);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${always.title}`);

    // Looked at again within 30 s of opening: it joins the loop.
    await page.clock.runFor(35_000);
    await expect(caption(page)).toHaveText(/of 2 - /);
    await showControls(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(caption(page)).toHaveText(`Playing ad 2 of 2 - ${windowed.title}`);

    // And leaves within 30 s of closing, with no reload of the page.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.clock.runFor(closes - opens);
    await expect(caption(page)).toHaveText(`Playing ad 1 of 1 - ${always.title}`);
    expect(navigations).toEqual([]);
  });
});
