// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChangeGate } from '@/features/settings/components/password-change-gate';
import { fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const NEW_PASSWORD = 'correct horse battery staple';
const FIRST_TIMER = signedInUser('OUTLET_EMPLOYEE', { name: 'Meera Nair', must_change_password: true });

describe('The first sign-in step', () => {
  it('asks only for the new password, typed twice, just after signing in with a temporary one', async () => {
    const server = stubServer({ 'POST /api/auth/choose-password': { status: 204 } });
    const { user, auth } = renderPage(<PasswordChangeGate />, { user: FIRST_TIMER, passwordChangeToken: 'change-me' });

    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Meera Nair/)).toBeInTheDocument();
    // The form's code loads when the gate shows (only such a user needs it).
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Temporary password')).not.toBeInTheDocument();
    await fillIn(user, { 'New password': NEW_PASSWORD, 'Confirm new password': NEW_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Set password and continue' }));

    await expect.poll(() => auth.setUser).toHaveBeenCalledWith({ ...FIRST_TIMER, must_change_password: false });
    expect(server.bodiesSentTo('POST /api/auth/choose-password')).toEqual([
      { password_change_token: 'change-me', new_password: NEW_PASSWORD },
    ]);
    expect(server.sent.map((request) => request.path)).toEqual(['/api/auth/choose-password']);
  });

  it('asks for the temporary password after all once the sign-in token has run out', async () => {
    stubServer({
      'POST /api/auth/choose-password': refusal(
        410,
        'GONE',
        'This step has timed out; type your temporary password to choose a new one',
      ),
    });
    const { user } = renderPage(<PasswordChangeGate />, { user: FIRST_TIMER, passwordChangeToken: 'ran-out' });
    await screen.findByLabelText('New password');
    await fillIn(user, { 'New password': NEW_PASSWORD, 'Confirm new password': NEW_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Set password and continue' }));

    expect(await screen.findByLabelText('Temporary password')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('type your temporary password once more');
  });

  it('asks for the temporary password when the session has no sign-in token (a reload)', async () => {
    stubServer({});
    renderPage(<PasswordChangeGate />, { user: FIRST_TIMER });
    expect(await screen.findByLabelText('Temporary password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm new password')).toBeInTheDocument();
  });
});
