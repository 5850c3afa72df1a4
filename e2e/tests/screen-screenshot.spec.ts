import { caption, openDisplay } from '../support/display.ts';
import { expect, test } from '../support/display-test.ts';
import { DEMO_SCREEN, E2E_ORIGIN } from '../support/env.ts';
import { signInAs } from '../support/session.ts';

type Rgb = [number, number, number];

test.describe('remote screenshot', () => {
  test("a global admin's screenshot of the demo screen shows the ad playing at that moment", async ({
    page,
    browser,
    request,
    adSet,
  }) => {
    const setup = await adSet([
      { title: 'Screenshot image', duration_seconds: 60 },
      { title: 'Screenshot video', type: 'VIDEO' },
    ]);
    const [image] = setup.ads as [(typeof setup.ads)[0]];
    const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/screen-auth/events'));
    const session = await openDisplay(page, request);
    await streamOpen;
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${image.title}`);
    await expect(page.locator(`img[data-ad-id="${image.id}"]`)).toHaveCSS('opacity', '1');

    const staffContext = await browser.newContext({ baseURL: E2E_ORIGIN });
    const staff = await staffContext.newPage();
    await signInAs(staff, request, `/dashboard/screens/edit/${session.screen_id}`);
    await staff.getByRole('button', { name: 'Take screenshot' }).click();

    const shot = staff.getByRole('img', { name: new RegExp(`^What ${DEMO_SCREEN.screenCode} showed at `) });
    await expect(staff.getByTestId('screenshot-showing')).toHaveText(`Ad “${image.title}”`, { timeout: 10_000 });
    await expect(shot).toBeVisible();
    // The caption names the reader's zone with the time.
    await expect(staff.getByText(/^Taken .+ (UTC|GMT|[A-Z]{2,5})$/)).toBeVisible();
    await expect(caption(page)).toHaveText(`Playing ad 1 of 2 - ${image.title}`);

    // The picture is the ad's media as the screen fits it: alike in colour, inside the letterbox.
    const colours = await shot.evaluate(async (shown: HTMLImageElement, mediaUrl: string) => {
      const media = new Image();
      media.src = mediaUrl;
      await Promise.all([media.decode(), shown.decode()]);
      const averageOf = (source: HTMLImageElement, x: number, y: number, width: number, height: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = 32;
        canvas.height = 32;
        const context = canvas.getContext('2d')!;
        context.drawImage(source, x, y, width, height, 0, 0, 32, 32);
        const pixels = context.getImageData(0, 0, 32, 32).data;
        const sum = [0, 0, 0];
        for (let index = 0; index < pixels.length; index += 4) {
          for (let channel = 0; channel < 3; channel += 1) sum[channel]! += pixels[index + channel]!;
        }
        return sum.map((value) => Math.round(value / (pixels.length / 4)));
      };
      const scale = Math.min(shown.naturalWidth / media.naturalWidth, shown.naturalHeight / media.naturalHeight);
      const width = media.naturalWidth * scale;
      const height = media.naturalHeight * scale;
      const left = (shown.naturalWidth - width) / 2;
      const top = (shown.naturalHeight - height) / 2;
      return {
        shot: averageOf(shown, left + width * 0.05, top + height * 0.05, width * 0.9, height * 0.9),
        media: averageOf(
          media,
          media.naturalWidth * 0.05,
          media.naturalHeight * 0.05,
          media.naturalWidth * 0.9,
          media.naturalHeight * 0.9,
        ),
      };
    }, image.media_url);
    test.info().annotations.push({ type: 'average colour', description: JSON.stringify(colours) });
    const [shotColour, mediaColour] = [colours.shot as Rgb, colours.media as Rgb];
    expect(mediaColour.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(60);
    for (const channel of [0, 1, 2] as const) {
      expect(Math.abs(shotColour[channel] - mediaColour[channel])).toBeLessThanOrEqual(12);
    }
    await staffContext.close();
  });
});
