import { expect, test } from '@playwright/test';
import {
  authenticateScreen,
  bearer,
  createOutlet,
  createScreen,
  outletWithStaff,
  tokenOf,
  unique,
} from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

test.describe('screens', () => {
  test('an outlet admin resets a passcode and the screen’s old session is refused', async ({ page, request }) => {
    const { admin, outlet, staff: outletAdmin } = await outletWithStaff(request, 'OUTLET_ADMIN');
    const { screen, passcode } = await createScreen(request, admin, outlet.id);
    const oldSession = await authenticateScreen(request, screen.screen_code, passcode);
    expect((await request.get('/api/screen-auth/ads', { headers: bearer(oldSession) })).status()).toBe(200);

    await signInAs(page, request, '/dashboard/screens', outletAdmin.login);
    await page.getByRole('button', { name: `Actions for ${screen.screen_code}` }).click();
    await page.getByRole('menuitem', { name: 'Reset passcode' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Reset the passcode of ${screen.screen_code}?` });
    await confirm.getByRole('button', { name: 'Reset passcode' }).click();

    const reveal = page.getByRole('dialog', { name: `Passcode for ${screen.screen_code}` });
    const newPasscode = (await reveal.getByRole('status').textContent())?.trim() ?? '';
    expect(newPasscode).toMatch(/^\d{6}$/);
    await reveal.getByRole('button', { name: 'Done, I have saved it' }).click();
    await expect(reveal).toBeHidden();

    expect((await request.get('/api/screen-auth/ads', { headers: bearer(oldSession) })).status()).toBe(401);
    const newSession = await authenticateScreen(request, screen.screen_code, newPasscode);
    expect((await request.get('/api/screen-auth/ads', { headers: bearer(newSession) })).status()).toBe(200);
  });

  test('an outlet admin creates, edits, disables and deletes a screen', async ({ page, request }) => {
    const { outlet, staff: outletAdmin } = await outletWithStaff(request, 'OUTLET_ADMIN');
    const code = `LOBBY-${unique().toUpperCase()}`;

    await signInAs(page, request, '/dashboard/screens', outletAdmin.login);
    await page.getByRole('link', { name: 'Create screen' }).first().click();
    // With one outlet to choose from, it is chosen already.
    await expect(page.getByRole('combobox', { name: 'Outlet' })).toContainText(outlet.name);
    await page.getByLabel('Screen code').fill(code.toLowerCase());
    await expect(page.getByLabel('Screen code')).toHaveValue(code);
    await page.getByLabel('Name').fill('Lobby screen');
    await page.getByLabel('Tags').fill('entrance');
    await page.getByLabel('Tags').press('Enter');
    await page.getByRole('button', { name: 'Create screen' }).click();

    const reveal = page.getByRole('dialog', { name: `Passcode for ${code}` });
    await expect(reveal.getByRole('status')).toHaveText(/^\d{6}$/);
    await expect(reveal.getByRole('button', { name: 'Copy passcode' })).toBeVisible();
    await reveal.getByRole('button', { name: 'Done, I have saved it' }).click();
    await expect(page).toHaveURL(/\/dashboard\/screens$/);

    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row.getByText('Never connected')).toBeVisible();
    await expect(row.getByText('entrance')).toBeVisible();

    await row.getByRole('link', { name: code }).click();
    await page.getByLabel('Name').fill('Lobby, left of the door');
    await page.getByRole('button', { name: 'Remove tag entrance' }).click();
    await page.getByLabel('Tags').fill('lobby');
    await page.getByLabel('Tags').press('Enter');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${code} saved`)).toBeVisible();

    await page.goto('/dashboard/screens');
    await page.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable screen' }).click();
    await expect(page.getByText(`${code} disabled`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code }).getByText('Disabled')).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete screen' }).click();
    await expect(page.getByText(`${code} deleted`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  });

  test('the screen form checks the code and refuses a duplicate', async ({ page, request }) => {
    const admin = await tokenOf(request);
    const outlet = await createOutlet(request, admin);
    const { screen } = await createScreen(request, admin, outlet.id);

    await signInAs(page, request, '/dashboard/screens/create');
    await page.getByRole('button', { name: 'Create screen' }).click();
    const messages = page.locator('[data-slot="form-message"]');
    await expect(messages.filter({ hasText: 'Choose an outlet' })).toBeVisible();
    await expect(messages.filter({ hasText: 'Screen code must be 3-32 letters, digits or dashes' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Outlet' }).click();
    await page.getByRole('textbox', { name: 'Search outlets' }).fill(outlet.name);
    await page.getByRole('option', { name: new RegExp(outlet.name) }).click();
    await page.getByLabel('Screen code').fill(screen.screen_code);
    await page.getByRole('button', { name: 'Create screen' }).click();
    await expect(messages.filter({ hasText: /already/i })).toBeVisible();
  });

  test("the screen's page shows its player's health and warns of what needs a look", async ({ page, request }) => {
    const admin = await tokenOf(request);
    const outlet = await createOutlet(request, admin);
    const { screen, passcode } = await createScreen(request, admin, outlet.id);
    const session = await authenticateScreen(request, screen.screen_code, passcode);
    const heartbeat = (minutesAhead: number, queued: number) =>
      request.post('/api/screen-activity/heartbeat', {
        headers: bearer(session),
        data: {
          screen_id: screen.id,
          outlet_id: outlet.id,
          activity_date: '2026-11-25',
          activity_time: '19:30:00',
          occurred_at: new Date(Date.now() + minutesAhead * 60_000).toISOString(),
          health: {
            app_version: '0.0.0+e2e',
            cache_bytes: 970 * 1024 * 1024,
            quota_bytes: 1024 * 1024 * 1024,
            queued_plays: queued,
            last_error: 'Sending plays failed (503); they stay queued',
          },
        },
      });
    expect((await heartbeat(0, 12)).status()).toBe(200);
    expect((await heartbeat(3, 40)).status()).toBe(200);

    await signInAs(page, request, `/dashboard/screens/edit/${screen.id}`);
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Player health', { exact: true }) });
    await expect(card.getByText('0.0.0+e2e')).toBeVisible();
    await expect(card.getByText('970 MB of 1.0 GB (95 %)')).toBeVisible();
    await expect(card.getByText('40 (12 at the report before)')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Warnings' }).getByRole('listitem')).toHaveCount(3);
    await expect(card.getByText(/3 min ahead of the server/).first()).toBeVisible();
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, 'dashboard-screen-health', width);
    }
  });

  test('filters live in the address bar', async ({ page, request }) => {
    // A screen of its own that never connected, so other suites playing the demo screen don't matter.
    const admin = await tokenOf(request);
    const outlet = await createOutlet(request, admin);
    const { screen } = await createScreen(request, admin, outlet.id);
    await signInAs(page, request, '/dashboard/screens');
    await page.getByRole('combobox', { name: 'Connection' }).click();
    await page.getByRole('option', { name: 'Offline', exact: true }).click();
    await expect(page).toHaveURL(/online=false/);
    await page.getByRole('searchbox', { name: 'Search screens' }).fill(screen.screen_code);
    await expect(page.getByRole('row').filter({ hasText: screen.screen_code })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search screens' }).fill('no-such-screen-anywhere');
    await expect(page.getByText('No screens match')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/screens$/);
  });
});
