import { expect, test } from '@playwright/test';
import { ADMIN } from '../support/env.ts';
import { type Credentials, createCompany, createOutlet, createStaff, tokenOf } from '../support/factories.ts';
import { signInAs } from '../support/session.ts';

/** The sidebar entries of the dashboard's pages and the roles that have them (docs/design.md §5). */
const ENTRIES: Array<[name: string, heading: string, roles: string[]]> = [
  ['Dashboard', 'Dashboard', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Ads', 'Ads', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Screens', 'Screens', ['GLOBAL_ADMIN', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Users', 'Users', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'OUTLET_ADMIN']],
  ['Companies', 'Companies', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE']],
  ['Outlets', 'Outlets', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Pincodes', 'Pincodes', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Emergency takeover', 'Emergency takeover', ['GLOBAL_ADMIN', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Rate card', 'Rate card', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
  ['Settings', 'Settings', ['GLOBAL_ADMIN', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE', 'OUTLET_ADMIN', 'OUTLET_EMPLOYEE']],
];

test('every role opens each of its pages without an error, and sees no entry outside its reach', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request);
  const company = await createCompany(request, admin);
  const outlet = await createOutlet(request, admin);
  const users: Array<[string, Credentials]> = [
    ['GLOBAL_ADMIN', ADMIN],
    ['COMPANY_ADMIN', (await createStaff(request, admin, 'COMPANY_ADMIN', { company_id: company.id })).login],
    ['COMPANY_EMPLOYEE', (await createStaff(request, admin, 'COMPANY_EMPLOYEE', { company_id: company.id })).login],
    ['OUTLET_ADMIN', (await createStaff(request, admin, 'OUTLET_ADMIN', { outlet_ids: [outlet.id] })).login],
    ['OUTLET_EMPLOYEE', (await createStaff(request, admin, 'OUTLET_EMPLOYEE', { outlet_ids: [outlet.id] })).login],
  ];
  const errorToasts = page.locator('[data-sonner-toast][data-type="error"]');

  for (const [role, login] of users) {
    await test.step(role, async () => {
      await signInAs(page, request, '/dashboard', login);
      const sidebar = page.locator('[data-slot="sidebar"]');
      for (const [name, heading, roles] of ENTRIES) {
        const link = sidebar.getByRole('link', { name, exact: true });
        if (!roles.includes(role)) {
          await expect(link, `${role} must not see ${name}`).toHaveCount(0);
          continue;
        }
        await link.click();
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.getByText('This list could not be loaded.')).toHaveCount(0);
        await expect(errorToasts, `${role} on ${name}`).toHaveCount(0);
      }
    });
  }
});
