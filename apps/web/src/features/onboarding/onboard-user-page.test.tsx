// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnboardUserPage } from '@/features/onboarding/onboard-user-page';
import { company, listPage, staffUser } from '@/test/entities';
import { refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const BLUE_TOKAI = company();
/** A company admin manages one company, which the form chooses by itself. */
const COMPANY_ADMIN = signedInUser('COMPANY_ADMIN');
const COMPANIES = { 'GET /api/ad-company': { body: listPage([BLUE_TOKAI]) } };

describe('Onboarding a user', () => {
  it('asks for a name and a valid email before sending anything', async () => {
    const server = stubServer(COMPANIES);
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await user.type(screen.getByLabelText('Work email'), 'priya@');
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/users')).toEqual([]);
  });

  it("sends the user with the company admin's company and shows the temporary password once", async () => {
    const created = staffUser({ companies: [{ id: BLUE_TOKAI.id, name: BLUE_TOKAI.name }] });
    const server = stubServer({
      ...COMPANIES,
      'POST /api/users': { status: 201, body: { data: { user: created, temporary_password: 'tmp-Kite-4821' } } },
    });
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await user.type(screen.getByLabelText('Full name'), 'Priya Sharma');
    await user.type(screen.getByLabelText('Work email'), 'priya@bluetokai.test');
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveTextContent(BLUE_TOKAI.name));
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    const dialog = await screen.findByRole('dialog', { name: 'Temporary password for Priya Sharma' });
    expect(within(dialog).getByText('tmp-Kite-4821')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/users')).toEqual([
      {
        name: 'Priya Sharma',
        email: 'priya@bluetokai.test',
        phone_number: null,
        role: 'COMPANY_EMPLOYEE',
        company_id: BLUE_TOKAI.id,
      },
    ]);
  });

  it('puts an email the server already knows under the email', async () => {
    stubServer({
      ...COMPANIES,
      'POST /api/users': refusal(409, 'CONFLICT', 'A user with this email exists already'),
    });
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await user.type(screen.getByLabelText('Full name'), 'Priya Sharma');
    await user.type(screen.getByLabelText('Work email'), 'priya@bluetokai.test');
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    const email = screen.getByLabelText('Work email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('A user with this email exists already'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
