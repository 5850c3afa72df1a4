import { expect, test } from '@playwright/test';
import {
  bearer,
  companyWithStaff,
  createOutlet,
  createStaff,
  outletWithStaff,
  tokenOf,
  unique,
} from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

const formMessage = (page: import('@playwright/test').Page, text: string | RegExp) =>
  page.locator('[data-slot="form-message"]').filter({ hasText: text });

test.describe('onboarding: companies', () => {
  test('a global admin onboards, edits, deactivates and deletes a company', async ({ page, request }) => {
    const name = `Blue Tokai ${unique()}`;
    await signInAs(page, request, '/dashboard/onboarding/company/onboard');
    await page.getByLabel('Contact email').fill('not-an-email');
    await page.getByRole('button', { name: 'Onboard company' }).click();
    await expect(formMessage(page, 'Name is required')).toBeVisible();
    await expect(formMessage(page, 'Invalid email address')).toBeVisible();

    await page.getByLabel('Company name').fill(name);
    await page.getByLabel('Contact email').fill('ads@bluetokai.test');
    await page.getByRole('button', { name: 'Onboard company' }).click();
    await expect(page.getByText(`${name} onboarded`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/onboarding\/company$/);

    await page.getByRole('searchbox', { name: 'Search companies' }).fill(name);
    await expect(page).toHaveURL(/q=/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('ads@bluetokai.test')).toBeVisible();
    await row.getByRole('link', { name }).click();
    await page.getByLabel('Contact phone').fill('+91 98765 43210');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} saved`)).toBeVisible();

    await page.goto(`/dashboard/onboarding/company?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('Inactive')).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete company' }).click();
    await expect(page.getByText(`${name} deleted`)).toBeVisible();
    await expect(page.getByText('No companies match')).toBeVisible();
  });
});

test.describe('onboarding: outlets', () => {
  test('a global admin onboards, filters, edits and deletes an outlet', async ({ page, request }) => {
    const name = `Third Wave ${unique()}`;
    const code = `TW-${unique().toUpperCase()}`;
    await signInAs(page, request, '/dashboard/onboarding/outlet/onboard');
    await page.getByLabel('Outlet code').fill('x');
    await page.getByLabel('Pincode').fill('12');
    await page.getByLabel('Commission').fill('120');
    await page.getByRole('button', { name: 'Onboard outlet' }).click();
    await expect(formMessage(page, 'Name is required')).toBeVisible();
    await expect(formMessage(page, 'Outlet code must be 3-32 letters, digits or dashes')).toBeVisible();
    await expect(formMessage(page, 'Pincode must be 6 digits')).toBeVisible();
    await expect(formMessage(page, 'Commission is at most 100 %')).toBeVisible();

    await page.getByLabel('Outlet name').fill(name);
    await page.getByLabel('Outlet code').fill(code.toLowerCase());
    await page.getByLabel('Address').fill('12th Main, Indiranagar');
    await page.getByLabel('Pincode').fill('560038');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('Tags').fill('premium');
    await page.getByLabel('Tags').press('Enter');
    await page.getByLabel('Commission').fill('12.5');
    await page.getByRole('button', { name: 'Onboard outlet' }).click();
    await expect(page.getByText(`${name} onboarded`)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Filter by tag' }).fill('premium');
    await expect(page).toHaveURL(/tag=premium/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('12.5 %')).toBeVisible();
    await expect(row.getByText(code)).toBeVisible();

    await row.getByRole('link', { name }).click();
    await page.getByLabel('Commission').fill('15');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} saved`)).toBeVisible();

    await page.goto(`/dashboard/onboarding/outlet?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('15 %')).toBeVisible();
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete outlet' }).click();
    await expect(page.getByText(`${name} deleted`)).toBeVisible();
  });
});

test.describe('onboarding: users', () => {
  test('a global admin resets a forgotten password: the old one stops working, the temporary one signs in', async ({
    page,
    request,
  }) => {
    const { staff } = await outletWithStaff(request, 'OUTLET_EMPLOYEE');
    await signInAs(page, request, `/dashboard/onboarding/users/edit/${staff.id}`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: `Temporary password for ${staff.name}` });
    await expect(dialog).toBeVisible();
    const temporary = (await dialog.getByRole('status').textContent())?.trim() ?? '';
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await request.post('/api/auth/login', { data: staff.login })).status()).toBe(401);
    const fresh = await request.post('/api/auth/login', { data: { email: staff.email, password: temporary } });
    expect(fresh.status()).toBe(200);
  });

  test('a company admin onboards an employee, who must choose a password at first sign-in', async ({
    page,
    request,
    browser,
  }) => {
    const { company, staff: companyAdmin } = await companyWithStaff(request, 'COMPANY_ADMIN');
    const id = unique();
    const email = `priya-${id}@e2e.adloop.test`;

    await signInAs(page, request, '/dashboard/onboarding/users', companyAdmin.login);
    await page.getByRole('link', { name: 'Onboard user' }).first().click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option')).toHaveText(['Company admin', 'Company employee']);
    await page.getByRole('option', { name: 'Company employee' }).click();
    // A company admin manages one company, so it is chosen already.
    await expect(page.getByRole('combobox', { name: 'Company' })).toContainText(company.name);
    await page.getByLabel('Full name').fill(`Priya ${id}`);
    await page.getByLabel('Work email').fill(companyAdmin.email);
    await page.getByRole('button', { name: 'Onboard user' }).click();
    await expect(formMessage(page, /already/i)).toBeVisible();

    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Onboard user' }).click();
    const reveal = page.getByRole('dialog', { name: `Temporary password for Priya ${id}` });
    const temporaryPassword = (await reveal.getByRole('status').textContent())?.trim() ?? '';
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
    await reveal.getByRole('button', { name: 'Done, I have saved it' }).click();
    await expect(page).toHaveURL(/\/dashboard\/onboarding\/users$/);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Company employee')).toBeVisible();
    await expect(row.getByText('Invited')).toBeVisible();

    const employeePage = await browser.newPage();
    const employeeToken = await signInAs(employeePage, request, '/dashboard/ads', {
      email,
      password: temporaryPassword,
    });
    await expect(employeePage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await employeePage.getByLabel('Temporary password').fill(temporaryPassword);
    await employeePage.getByLabel('New password', { exact: true }).fill('a-new-passphrase');
    await employeePage.getByLabel('Confirm new password').fill('something-else');
    await employeePage.getByRole('button', { name: 'Set password and continue' }).click();
    await expect(employeePage.getByText('The passwords do not match')).toBeVisible();
    await employeePage.getByLabel('Confirm new password').fill('a-new-passphrase');
    await employeePage.getByRole('button', { name: 'Set password and continue' }).click();
    await expect(employeePage.getByRole('heading', { name: 'Ads', level: 1 })).toBeVisible();
    await employeePage.close();

    await page.reload();
    await page.getByRole('button', { name: `Actions for Priya ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('row').filter({ hasText: email }).getByText('Deactivated')).toBeVisible();
    const verify = await request.post('/api/auth/verify', { headers: bearer(employeeToken) });
    expect(verify.status()).toBe(401);
  });

  test('an outlet admin onboards outlet staff for several outlets and edits their role', async ({ page, request }) => {
    const admin = await tokenOf(request);
    const first = await createOutlet(request, admin);
    const second = await createOutlet(request, admin);
    const outletAdmin = await createStaff(request, admin, 'OUTLET_ADMIN', { outlet_ids: [first.id, second.id] });
    const id = unique();

    await signInAs(page, request, '/dashboard/onboarding/users/onboard', outletAdmin.login);
    await page.getByLabel('Full name').fill(`Arjun ${id}`);
    await page.getByLabel('Work email').fill(`arjun-${id}@e2e.adloop.test`);
    await page.getByRole('button', { name: 'Onboard user' }).click();
    await expect(formMessage(page, 'Choose at least one outlet')).toBeVisible();
    await page.getByRole('combobox', { name: 'Outlets' }).click();
    await page.getByRole('option', { name: new RegExp(first.name) }).click();
    await page.getByRole('option', { name: new RegExp(second.name) }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('list', { name: 'Selected' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Onboard user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Done, I have saved it' }).click();

    const row = page.getByRole('row').filter({ hasText: `Arjun ${id}` });
    await expect(row.getByText('+1 more')).toBeVisible();
    await row.getByRole('link', { name: `Arjun ${id}` }).click();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Outlet admin' }).click();
    await page.getByRole('button', { name: `Remove ${second.name}` }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`Arjun ${id} saved`)).toBeVisible();
    await page.goto('/dashboard/onboarding/users');
    const saved = page.getByRole('row').filter({ hasText: `Arjun ${id}` });
    await expect(saved.getByText('Outlet admin')).toBeVisible();
    await expect(saved.getByText('+1 more')).toHaveCount(0);
  });
});
