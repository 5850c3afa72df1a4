import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('header, hero, six solutions, contact block and footer as the spec lists them', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(header.getByRole('link', { name: 'Ad Screens' })).toHaveAttribute('href', '/ad/screen');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(
      page.getByRole('button', { name: 'Watch Demo' }).or(page.getByRole('link', { name: 'Watch Demo' })),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Learn More' }).or(page.getByRole('link', { name: 'Learn More' })),
    ).toBeVisible();

    const solutions = page.locator('#solutions');
    for (const title of [
      /tag-based ad targeting/i,
      /real-time analytics/i,
      /multi-screen management/i,
      /revenue optimi[sz]ation/i,
      /real-time updates/i,
      /multi-outlet support/i,
    ]) {
      await expect(solutions.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(solutions.getByRole('heading', { level: 3 })).toHaveCount(6);

    for (const point of ['sales@adloop.app', 'support@adloop.app', 'partners@adloop.app']) {
      await expect(page.locator(`a[href^="mailto:${point}"]`).first()).toBeVisible();
    }
    await expect(
      page.getByRole('link', { name: 'Schedule Demo' }).or(page.getByRole('button', { name: 'Schedule Demo' })),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Download Brochure' }).or(page.getByRole('button', { name: 'Download Brochure' })),
    ).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const href of ['/privacy', '/terms', '/support', '/about', '/careers']) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expect(footer.locator('a[href^="mailto:"]').first()).toBeVisible();
  });

  test('each solution card links to where it lives in the dashboard', async ({ page }) => {
    await page.goto('/');
    const expected: Record<string, string> = {
      'solution-targeting': '/dashboard/ads/create',
      'solution-analytics': '/dashboard/analytics',
      'solution-screens': '/dashboard/screens',
      'solution-revenue': '/dashboard/rate-card',
      'solution-updates': '/dashboard/ads',
      'solution-outlets': '/dashboard/onboarding/outlet',
    };
    for (const [id, href] of Object.entries(expected)) {
      await expect(page.locator(`#${id} a[href="${href}"]`)).toHaveCount(1);
    }
    await page.locator('#solution-analytics a').click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Learn More scrolls to the solutions', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('button', { name: 'Learn More' })
      .or(page.getByRole('link', { name: 'Learn More' }))
      .click();
    await expect(page.locator('#solutions')).toBeInViewport();
  });

  test('the Quick Contact form has its fields and sends nothing', async ({ page }) => {
    await page.goto('/');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') requests.push(request.url());
    });
    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Business email').fill('meera@example.com');
    await page.getByLabel('Company').fill('Iyer Salons');
    await page.getByLabel('Message').fill('Three salons, six screens.');
    const before = page.url();
    // The page's own submit handler has run once the event reaches the document: it kept the page.
    const submitKeptPage = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          document.addEventListener('submit', (event) => resolve(event.defaultPrevented), { once: true }),
        ),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await submitKeptPage).toBe(true);
    expect(page.url()).toBe(before);
    expect(requests).toEqual([]);
  });

  test('on a phone the links sit in a slide-out menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the pricing page is reachable from the header', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/pricing/i);
  });
});
