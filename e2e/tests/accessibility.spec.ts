import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { audit, blocking, describe, type Finding, tally } from '../support/a11y.ts';
import { authenticateScreen, displayUrl, freshScreen, storeScreenSession } from '../support/display.ts';
import * as factories from '../support/factories.ts';
import { backToBack, play, postPlays, screenCreatedAt, servedAds, shortestAd } from '../support/plays.ts';
import { signInAs } from '../support/session.ts';

/**
 * axe (WCAG 2.1 A/AA) over every route of the app (spec §2) at phone and desktop widths: the
 * public pages, sign-in, 404 and the screen pages; every dashboard page as the global admin, in
 * the light and the dark theme; each other role's home, a few of its pages and one it may not
 * open. Fails on any serious or critical violation, printing each one's rule, impact and elements.
 */

type Width = 390 | 1440;
type Theme = 'light' | 'dark';
/** A page: where it is, its h1, and the chart that shows once its data is in. */
type View = { path: string; heading: string; chart?: string };

const WIDTHS: Width[] = [1440, 390];
const DEMO_PASSWORD = 'e2e-demo-staff';
const NO_ACCESS = "You don't have access to this page";

/** The dashboard's routes (apps/web/src/app/routes/dashboard-routes.tsx) with each page's heading. */
function dashboardViews(ids: Record<'ad' | 'screen' | 'user' | 'company' | 'outlet', string>): View[] {
  return [
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/dashboard/analytics', heading: 'Analytics', chart: 'Chart: Plays over time' },
    { path: '/dashboard/ads', heading: 'Ads' },
    { path: '/dashboard/ads/review', heading: 'Review queue' },
    { path: '/dashboard/ads/create', heading: 'Create ad' },
    { path: `/dashboard/ads/edit/${ids.ad}`, heading: 'Edit ad' },
    { path: '/dashboard/screens', heading: 'Screens' },
    { path: '/dashboard/screens/create', heading: 'Create screen' },
    { path: `/dashboard/screens/edit/${ids.screen}`, heading: 'Edit screen' },
    { path: '/dashboard/pair', heading: 'Pair a screen' },
    { path: '/dashboard/takeovers', heading: 'Emergency takeover' },
    { path: '/dashboard/playback-logs', heading: 'Playback logs' },
    { path: '/dashboard/screen-activity', heading: 'Screen activity' },
    { path: '/dashboard/billing/transactions', heading: 'Ad transactions' },
    { path: '/dashboard/billing/transactions/add', heading: 'Add ad transaction' },
    { path: '/dashboard/billing/payouts', heading: 'Screen payouts' },
    { path: '/dashboard/billing/payouts/add', heading: 'Add screen payout' },
    { path: '/dashboard/rate-card', heading: 'Rate card' },
    { path: '/dashboard/onboarding/users', heading: 'Users' },
    { path: '/dashboard/onboarding/users/onboard', heading: 'Onboard user' },
    { path: `/dashboard/onboarding/users/edit/${ids.user}`, heading: 'Edit user' },
    { path: '/dashboard/onboarding/company', heading: 'Companies' },
    { path: '/dashboard/onboarding/company/onboard', heading: 'Onboard company' },
    { path: `/dashboard/onboarding/company/edit/${ids.company}`, heading: 'Edit company' },
    { path: '/dashboard/onboarding/outlet', heading: 'Outlets' },
    { path: '/dashboard/onboarding/outlet/onboard', heading: 'Onboard outlet' },
    { path: `/dashboard/onboarding/outlet/edit/${ids.outlet}`, heading: 'Edit outlet' },
    { path: '/dashboard/onboarding/pincodes', heading: 'Pincodes' },
    { path: '/dashboard/settings', heading: 'Settings' },
    { path: '/dashboard/settings/integration-tokens', heading: 'Integration tokens' },
    { path: '/dashboard/no-such-page', heading: 'Page not found' },
  ];
}

/** Each other role (a demo staff member) with a few of its pages and one it may not open. */
const ROLE_VIEWS: Array<[role: string, email: string, views: View[]]> = [
  [
    'COMPANY_ADMIN',
    'company.admin@demo.adloop.app',
    [
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/dashboard/ads', heading: 'Ads' },
      { path: '/dashboard/onboarding/users', heading: 'Users' },
      { path: '/dashboard/screens', heading: NO_ACCESS },
      { path: '/dashboard/settings/integration-tokens', heading: 'Integration tokens' },
    ],
  ],
  [
    'COMPANY_EMPLOYEE',
    'company.employee@demo.adloop.app',
    [
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/dashboard/onboarding/company', heading: 'Companies' },
      { path: '/dashboard/rate-card', heading: 'Rate card' },
      { path: '/dashboard/takeovers', heading: NO_ACCESS },
    ],
  ],
  [
    'OUTLET_ADMIN',
    'outlet.admin@demo.adloop.app',
    [
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/dashboard/screens', heading: 'Screens' },
      { path: '/dashboard/takeovers', heading: 'Emergency takeover' },
      { path: '/dashboard/screen-campaigns', heading: 'Campaigns' },
      // Their outlet's own content (decision 090).
      { path: '/dashboard/ads/create', heading: 'Create ad' },
      { path: '/dashboard/onboarding/company', heading: NO_ACCESS },
      { path: '/dashboard/settings/integration-tokens', heading: NO_ACCESS },
    ],
  ],
  [
    'OUTLET_EMPLOYEE',
    'outlet.employee@demo.adloop.app',
    [
      { path: '/dashboard', heading: 'Dashboard' },
      { path: '/dashboard/onboarding/outlet', heading: 'Outlets' },
      { path: '/dashboard/screen-activity', heading: 'Screen activity' },
      { path: '/dashboard/onboarding/users', heading: NO_ACCESS },
    ],
  ],
];

async function firstId(request: APIRequestContext, token: string, path: string): Promise<string> {
  const response = await request.get(path, { headers: factories.bearer(token), params: { pageSize: 1 } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const [first] = (await response.json()).data as Array<{ id: string }>;
  if (!first) throw new Error(`${path} lists nothing`);
  return first.id;
}

/** Two plays on a new screen, so analytics draws its charts (an empty range shows none). */
async function seedPlays(request: APIRequestContext, token: string) {
  const outlet = await factories.createOutlet(request, token);
  const { screen, passcode } = await factories.createScreen(request, token, outlet.id);
  const screenToken = await factories.authenticateScreen(request, screen.screen_code, passcode);
  const ad = shortestAd(await servedAds(request, screenToken));
  const instants = await backToBack(2, ad, await screenCreatedAt(request, token, screen.screen_code));
  const playing = {
    screen_id: screen.id,
    outlet_id: outlet.id,
    screen_code: screen.screen_code,
    timezone: outlet.timezone,
  };
  await postPlays(
    request,
    screenToken,
    instants.map((instant) => play(ad, playing, instant)),
  );
}

/** Opens `path` inside the running app, as a link would, without loading the app again. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function applyLook(page: Page, width: Width, theme: Theme) {
  await page.setViewportSize({ width, height: width < 720 ? 844 : 900 });
  await page.emulateMedia({ colorScheme: theme });
}

/** The dashboard at `width` in `theme` (its theme follows the system's): the sidebar a column on desktop, a closed sheet on a phone. */
async function dashboardIn(page: Page, width: Width, theme: Theme) {
  await applyLook(page, width, theme);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  if (width < 720) await expect(sidebar).toBeHidden();
  else await expect(sidebar).toBeVisible();
}

/** The page has loaded its data: its one main landmark and h1 are there, nothing is busy. */
async function viewReady(page: Page, view: View) {
  await expect(page.getByRole('heading', { name: view.heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (view.chart) await expect(page.getByRole('img', { name: view.chart })).toBeVisible();
}

/**
 * Audits the open dashboard page in both themes at `width`: every rule in the light theme, then
 * the colour rules again in the dark one (a theme changes colours only).
 */
async function auditThemes(page: Page, name: string, width: Width): Promise<Finding[]> {
  await dashboardIn(page, width, 'light');
  const light = await audit(page, `${name} @${width} light`);
  await dashboardIn(page, width, 'dark');
  const dark = await audit(page, `${name} @${width} dark`, { coloursOnly: true });
  return [...light, ...dark];
}

/**
 * Audits an open modal dialog in both themes at `width`, as `auditThemes` does a page; the page
 * behind it is hidden from assistive technology meanwhile, so its sidebar is not looked for.
 */
async function auditDialogThemes(page: Page, name: string, width: Width): Promise<Finding[]> {
  const html = page.locator('html');
  await applyLook(page, width, 'light');
  await expect(html).toHaveClass(/^(?![\s\S]*\bdark\b)/);
  const light = await audit(page, `${name} @${width} light`);
  await applyLook(page, width, 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  const dark = await audit(page, `${name} @${width} dark`, { coloursOnly: true });
  return [...light, ...dark];
}

function expectNoBlocking(label: string, views: number, findings: Finding[]) {
  const serious = blocking(findings);
  console.log(`${label}: ${views} views audited; elements by rule and impact:\n${tally(findings) || 'none'}`);
  expect(serious.length, `${label}: serious or critical violations\n${describe(serious)}`).toBe(0);
}

// Staff read the dashboard on the network's clock (India's): "last 7 days" on Analytics then holds
// the plays seeded now, which count on their outlet's date (decision 072), at any hour of the run.
test.use({ reducedMotion: 'reduce', timezoneId: 'Asia/Kolkata' });

test('public pages, sign-in, 404 and the screen pages have no serious accessibility violation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // These keep one look whatever the system's theme (lib/theme.ts): audited at each width in it.
  const views: Array<[name: string, path: string, heading: string | RegExp]> = [
    ['landing', '/', 'Turn the screens on your walls into ad revenue'],
    ['pricing', '/pricing', /./],
    ['login', '/login', 'Sign in to your dashboard'],
    ['404', '/no-such-page', 'Page not found'],
    ['screen connect', '/ad/screen', /./],
  ];
  const findings: Finding[] = [];
  for (const [name, path, heading] of views) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    for (const width of WIDTHS) {
      await applyLook(page, width, 'light');
      findings.push(...(await audit(page, `${name} @${width}`)));
    }
  }

  const screen = await freshScreen(request);
  await storeScreenSession(page, await authenticateScreen(request, screen));
  await page.goto(displayUrl(screen.screenCode));
  await expect(page.locator('[data-play]')).toBeVisible();
  for (const width of WIDTHS) {
    await applyLook(page, width, 'light');
    findings.push(...(await audit(page, `display @${width}`)));
  }

  expectNoBlocking('public pages', (views.length + 1) * WIDTHS.length, findings);
});

for (const width of WIDTHS) {
  test(`every dashboard page at ${width} px, light and dark, has no serious accessibility violation for the global admin`, async ({
    page,
    request,
  }) => {
    test.setTimeout(420_000);
    const token = await factories.tokenOf(request);
    await seedPlays(request, token);
    const views = dashboardViews({
      ad: await firstId(request, token, '/api/ads'),
      screen: await firstId(request, token, '/api/ad-screens'),
      user: await firstId(request, token, '/api/users'),
      company: await firstId(request, token, '/api/ad-company'),
      outlet: await firstId(request, token, '/api/outlets'),
    });
    const findings: Finding[] = [];
    let audited = 0;

    await applyLook(page, width, 'light');
    await signInAs(page, request, '/dashboard');
    await test.step('the skip link is the first stop and moves focus to the page', async () => {
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
    });

    for (const view of views) {
      await openInApp(page, view.path);
      await viewReady(page, view);
      findings.push(...(await auditThemes(page, view.path, width)));
      audited += 2;
    }

    await test.step('the alerts bell, open', async () => {
      await openInApp(page, '/dashboard');
      await viewReady(page, { path: '/dashboard', heading: 'Dashboard' });
      await page.getByRole('button', { name: /^Alerts/ }).click();
      // Its popover is a dialog named by its heading.
      await expect(page.getByRole('dialog', { name: 'Alerts' })).toBeVisible();
      findings.push(...(await auditThemes(page, `alerts bell @${width}`, width)));
      audited += 2;
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Alerts' })).toHaveCount(0);
    });

    await test.step('integration tokens: the create form and the new secret', async () => {
      await openInApp(page, '/dashboard/settings/integration-tokens');
      await viewReady(page, { path: '/dashboard/settings/integration-tokens', heading: 'Integration tokens' });
      await page.getByRole('button', { name: 'Create token', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Create an integration token' });
      await form.getByLabel('Name').fill(`a11y audit ${width}`);
      await form.getByRole('checkbox', { name: 'Read proof of play' }).check();
      findings.push(...(await auditDialogThemes(page, 'create token form', width)));
      await form.getByRole('button', { name: 'Create token' }).click();
      const created = page.getByRole('dialog', { name: `Token “a11y audit ${width}” created` });
      await expect(created).toBeVisible();
      findings.push(...(await auditDialogThemes(page, 'new token secret', width)));
      audited += 4;
      await created.getByRole('button', { name: 'Done, I have saved it' }).click();
      await expect(created).toHaveCount(0);
    });

    if (width < 720) {
      await test.step('the sidebar sheet, open', async () => {
        await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
        await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
        for (const theme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: theme });
          findings.push(...(await audit(page, `sidebar sheet @${width} ${theme}`)));
          audited += 1;
        }
        await page.keyboard.press('Escape');
      });
    } else {
      await test.step('Settings is in view at 1440×900 however long the sidebar is', async () => {
        await dashboardIn(page, width, 'light');
        const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
        await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport();
      });
      await test.step('success toasts, light and dark', async () => {
        await openInApp(page, '/dashboard/settings');
        await viewReady(page, { path: '/dashboard/settings', heading: 'Settings' });
        // The admin's name changes for the first toast and back for the second.
        const name = page.getByLabel('Full name');
        const adminName = await name.inputValue();
        for (const [theme, saved] of [
          ['light', `${adminName} (a11y)`],
          ['dark', adminName],
        ] as const) {
          await dashboardIn(page, width, theme);
          await name.fill(saved);
          await page.getByRole('button', { name: 'Save profile' }).click();
          const toast = page.locator('[data-sonner-toast][data-type="success"]');
          await expect(toast).toBeVisible();
          findings.push(...(await audit(page, `success toast @${width} ${theme}`)));
          audited += 1;
          await toast.getByRole('button', { name: 'Close toast' }).click();
          await expect(toast).toHaveCount(0);
        }
      });
    }

    expectNoBlocking(`global admin @${width}`, audited, findings);
  });
}

for (const [role, email, views] of ROLE_VIEWS) {
  test(`${role}'s pages have no serious accessibility violation`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await signInAs(page, request, '/dashboard', { email, password: DEMO_PASSWORD });
    for (const [index, view] of views.entries()) {
      await openInApp(page, view.path);
      await viewReady(page, view);
      // The pages take the widths and themes in turn: each combination is seen once per role.
      const width = WIDTHS[index % 2]!;
      const theme: Theme = index < 2 ? 'light' : 'dark';
      await dashboardIn(page, width, theme);
      findings.push(...(await audit(page, `${role} ${view.path} @${width} ${theme}`)));
    }
    expectNoBlocking(role, views.length, findings);
  });
}
