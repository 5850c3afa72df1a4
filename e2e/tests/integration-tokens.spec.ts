import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, E2E_ORIGIN } from '../support/env.ts';
import { bearer, companyWithStaff, createCompany, outletWithStaff, tokenOf, unique } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';
import { shoot } from '../support/shoot.ts';

/**
 * Integration tokens (issue 25, decision 095) as an admin manages them from Settings: create one
 * with only the scopes it needs, see its secret once, watch its uses, revoke it.
 */

const NO_ACCESS = "You don't have access to this page";
const PAGE = '/dashboard/settings/integration-tokens';

// The network's outlets are in India: times show on that clock, with its zone.
test.use({ timezoneId: 'Asia/Kolkata' });

async function openTokensFromSettings(page: Page) {
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Integrations', { exact: true })).toBeVisible();
  await shoot(page, 'settings-integrations', page.viewportSize()?.width ?? 1440);
  await page.getByRole('link', { name: 'Integration tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Integration tokens', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
}

/** The secret the created dialog shows, after checking it says it is shown only this once. */
async function readSecret(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `Token “${name}” created` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Copy it now: it is not shown again.')).toBeVisible();
  const secret = (await dialog.getByRole('status', { name: 'Token' }).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^adl_[A-Za-z0-9_-]{43}$/);
  await expect(
    dialog.getByText(`curl -H "Authorization: Bearer ${secret}" ${E2E_ORIGIN}/api/playback-logs`),
  ).toBeVisible();
  return secret;
}

function tokenRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

async function apiWith(request: APIRequestContext, secret: string, method: 'GET' | 'DELETE', path: string) {
  return request.fetch(path, { method, headers: bearer(secret) });
}

test.describe('integration tokens', () => {
  test('a company admin creates a read-only token, sees it used, and revokes it', async ({ page, request }) => {
    test.setTimeout(60_000);
    const { company, staff } = await companyWithStaff(request, 'COMPANY_ADMIN');
    const name = `BI proof-of-play import ${unique()}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, request, '/dashboard/settings', staff.login);
    await openTokensFromSettings(page);

    await test.step('none yet: the page says what tokens are for', async () => {
      await expect(page.getByText('without anyone’s password')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No integration tokens yet' })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, 'integration-tokens-empty', 390);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('create one that may only read proof of play', async () => {
      await page.getByRole('button', { name: 'Create token', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Create an integration token' });
      await expect(form).toBeVisible();
      // Their one company is the token's; a company admin cannot give it screen writes.
      await expect(form.getByText(company.name, { exact: true })).toBeVisible();
      await expect(form.getByRole('checkbox', { name: 'Read proof of play' })).toBeVisible();
      await expect(form.getByRole('checkbox', { name: 'Write screens' })).toHaveCount(0);

      await form.getByRole('button', { name: 'Create token' }).click();
      await expect(form.getByText('Name is required')).toBeVisible();
      await expect(form.getByText('Choose at least one scope')).toBeVisible();

      await form.getByLabel('Name').fill(name);
      await form.getByRole('checkbox', { name: 'Read proof of play' }).check();
      await expect(form.getByLabel('Expires')).toHaveValue('90');
      await expect(form.getByText(/It stops working at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST\./)).toBeVisible();
      await form.getByRole('button', { name: 'Create token' }).click();
    });

    const secret = await readSecret(page, name);
    await test.step('the secret stays until it is saved, then is gone for good', async () => {
      await shoot(page, 'integration-tokens-secret', 1440);
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, 'integration-tokens-secret', 390);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: `Token “${name}” created` })).toBeVisible();
      await page.getByRole('button', { name: 'Done, I have saved it' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText(secret)).toHaveCount(0);
      const row = tokenRow(page, name);
      await expect(row).toContainText(`adl_…${secret.slice(-4)}`);
      await expect(row).toContainText('Read proof of play');
      await expect(row).toContainText('Active');
      await expect(row.getByRole('cell').nth(5)).toHaveText('Never');
    });

    await test.step('its system reads proof of play, and may not write', async () => {
      const read = await apiWith(request, secret, 'GET', '/api/playback-logs');
      expect(read.status(), await read.text()).toBe(200);
      const write = await apiWith(request, secret, 'DELETE', `/api/ads/${randomUUID()}`);
      expect(write.status()).toBe(403);
      expect((await write.json()).message).toContain('ads:write');
    });

    await test.step('the page shows when it was last used, and each request', async () => {
      await expect(async () => {
        await page.reload();
        await expect(tokenRow(page, name).getByRole('cell').nth(5)).toHaveText(
          /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST$/,
          { timeout: 2_000 },
        );
      }).toPass({ timeout: 15_000 });

      const uses = page.getByRole('dialog', { name: `Recent uses of “${name}”` });
      await expect(async () => {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: `Actions for ${name}` }).click();
        await page.getByRole('menuitem', { name: 'Recent uses' }).click();
        await expect(uses.getByRole('listitem')).toHaveCount(2, { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(uses).toContainText('Times are in Asia/Kolkata, IST');
      const [newest, oldest] = [uses.getByRole('listitem').first(), uses.getByRole('listitem').last()];
      await expect(newest).toContainText('DELETE');
      await expect(newest).toContainText('/api/ads/:id');
      await expect(newest).toContainText('403');
      await expect(oldest).toContainText('GET');
      await expect(oldest).toContainText('/api/playback-logs');
      await expect(oldest).toContainText('200');
      await expect(oldest).toContainText(/\d{2}:\d{2} IST/);
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, 'integration-tokens-uses', 390);
      await page.setViewportSize({ width: 1440, height: 900 });
      await uses.getByRole('button', { name: 'Close' }).first().click();
      await expect(uses).toHaveCount(0);
    });

    await test.step('revoked, with a warning first, its next request is refused', async () => {
      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Revoke' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
      await expect(confirm).toContainText(`The next request made with adl_…${secret.slice(-4)} is refused`);
      await confirm.getByRole('button', { name: 'Revoke token' }).click();
      await expect(page.getByText('Token revoked')).toBeVisible();
      await expect(tokenRow(page, name)).toContainText('Revoked');
      const refused = await apiWith(request, secret, 'GET', '/api/playback-logs');
      expect(refused.status()).toBe(401);
      expect((await refused.json()).message).toContain('revoked');
    });

    await test.step('at a phone’s width the list is cards and nothing scrolls sideways', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('list', { name: 'Integration tokens' })).toContainText(name);
      await shoot(page, 'integration-tokens-company-admin', 390);
      await page.setViewportSize({ width: 1440, height: 900 });
      await shoot(page, 'integration-tokens-company-admin', 1440);
    });
  });

  test('a global admin chooses the whole network or one company, which narrows the scopes', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request);
    const company = await createCompany(request, admin, `E2E Tokens Co ${unique()}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, request, '/dashboard/settings', ADMIN);
    await openTokensFromSettings(page);
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Create an integration token' });
    const reaches = form.getByLabel('Reaches');
    await expect(reaches).toHaveValue('');
    await expect(reaches.locator('option').first()).toHaveText('Whole network (every company)');
    await form.getByRole('checkbox', { name: 'Write outlets' }).check();
    await form.getByRole('checkbox', { name: 'Read outlets' }).check();
    await shoot(page, 'integration-tokens-create', 1440);

    await reaches.selectOption({ label: company.name });
    // A company's token acts as its company admin, who may read outlets but not write them.
    await expect(form.getByRole('checkbox', { name: 'Write outlets' })).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: 'Read outlets' })).toBeChecked();
    await form.getByLabel('Name').fill(`Network feed ${unique()}`);
    await form.getByLabel('Expires').selectOption('date');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(form.getByText('Choose the day it stops working')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'integration-tokens-create', 390);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    // The global admin's list also says whose company each token reaches.
    await shoot(page, 'integration-tokens-global', 390);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    await shoot(page, 'integration-tokens-global', 1440);
  });

  for (const [who, staffOf] of [
    ['an outlet admin', async (request: APIRequestContext) => (await outletWithStaff(request, 'OUTLET_ADMIN')).staff],
    [
      'an advertiser’s employee',
      async (request: APIRequestContext) => (await companyWithStaff(request, 'COMPANY_EMPLOYEE')).staff,
    ],
  ] as const) {
    test(`${who} sees no Integrations in Settings and may not open the page`, async ({ page, request }) => {
      const staff = await staffOf(request);
      await signInAs(page, request, '/dashboard/settings', staff.login);
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Appearance', { exact: true })).toBeVisible();
      await expect(page.getByText('Integrations', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Integration tokens' })).toHaveCount(0);

      await page.goto(PAGE);
      await expect(page.getByRole('heading', { name: NO_ACCESS, level: 1 })).toBeVisible({ timeout: 15_000 });
      const session = await tokenOf(request, staff.login);
      expect((await request.get('/api/integration-tokens', { headers: bearer(session) })).status()).toBe(403);
    });
  }
});
