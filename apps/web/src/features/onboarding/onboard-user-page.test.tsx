// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnboardUserPage } from '@/features/onboarding/onboard-user-page';
import { company, listPage, staffUser } from '@/test/entities';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const BLUE_TOKAI = company();
/** A company admin manages one company, which the form chooses by itself. */
const COMPANY_ADMIN = signedInUser('COMPANY_ADMIN');
const COMPANIES = { 'GET /api/ad-company': { body: listPage([BLUE_TOKAI]) } };
const PRIYA = { 'Full name': 'Priya Sharma', 'Work email': 'priya@bluetokai.test' };

describe('Onboarding a user', () => {
  it('asks for a name and a valid email before sending anything', async () => {
    const server = stubServer(COMPANIES);
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await fillIn(user, { 'Work email': 'priya@' });
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    await expectFieldError('Full name', 'Name is required');
    await expectFieldError('Work email', 'Invalid email address');
    expect(server.bodiesSentTo('POST /api/users')).toEqual([]);
  });

  it("sends the user with the company admin's company and shows the temporary password once", async () => {
    const created = staffUser({ companies: [{ id: BLUE_TOKAI.id, name: BLUE_TOKAI.name }] });
    const server = stubServer({
      ...COMPANIES,
      'POST /api/users': {
        status: 201,
        body: {
          data: { user: created, temporary_password: 'tmp-Kite-4821', invitation: null, invitation_error: null },
        },
      },
    });
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await fillIn(user, PRIYA);
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

  it('says an invitation was e-mailed, with no password to pass on, on a server that sends e-mail', async () => {
    const created = staffUser({ invitation_expires_at: '2026-12-01T09:30:00.000Z' });
    stubServer({
      ...COMPANIES,
      'POST /api/users': {
        status: 201,
        body: {
          data: {
            user: created,
            temporary_password: null,
            invitation: { sent_to: created.email, expires_at: '2026-12-01T09:30:00.000Z' },
            invitation_error: null,
          },
        },
      },
      'GET /api/users': { body: listPage([created]) },
    });
    const { user, router } = renderPage(<OnboardUserPage />, {
      user: COMPANY_ADMIN,
      path: '/dashboard/onboarding/users/onboard',
    });
    await fillIn(user, PRIYA);
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveTextContent(BLUE_TOKAI.name));
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    expect(
      await screen.findByText(/Invitation sent to priya@bluetokai.test\. Its link works once/),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/onboarding/users'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to a temporary password when the invitation e-mail could not be sent', async () => {
    const created = staffUser({ companies: [{ id: BLUE_TOKAI.id, name: BLUE_TOKAI.name }] });
    stubServer({
      ...COMPANIES,
      'POST /api/users': {
        status: 201,
        body: {
          data: {
            user: created,
            temporary_password: 'tmp-Kite-4821',
            invitation: null,
            invitation_error: 'The invitation e-mail could not be sent',
          },
        },
      },
    });
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await fillIn(user, PRIYA);
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveTextContent(BLUE_TOKAI.name));
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    const dialog = await screen.findByRole('dialog', { name: 'Temporary password for Priya Sharma' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('The invitation e-mail could not be sent, so here is a temporary password instead.'),
    );
    expect(within(dialog).getByText('tmp-Kite-4821')).toBeInTheDocument();
  });

  it('puts an email the server already knows under the email', async () => {
    stubServer({ ...COMPANIES, 'POST /api/users': refusal(409, 'CONFLICT', 'A user with this email exists already') });
    const { user } = renderPage(<OnboardUserPage />, { user: COMPANY_ADMIN });
    await fillIn(user, PRIYA);
    await user.click(screen.getByRole('button', { name: 'Onboard user' }));

    await expectFieldError('Work email', 'A user with this email exists already');
    expect(screen.getByLabelText('Work email')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
