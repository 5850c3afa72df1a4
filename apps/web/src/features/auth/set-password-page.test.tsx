// @vitest-environment jsdom
import { SET_PASSWORD_PATH } from '@adloop/contract/invitations';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SetPasswordPage } from '@/features/auth/set-password-page';
import { paths } from '@/lib/paths';
import { expectFieldError, fillIn, refusal, renderPage, stubServer } from '@/test/render-page';

const TOKEN = 'k3Y9dLq0bT1xWm8RzJ5vN2cH7sF4gA6eU0iO9pYtQwE';
const AT_LINK = `${SET_PASSWORD_PATH}?token=${TOKEN}`;
const VALID = {
  body: {
    data: { state: 'VALID', name: 'Meera Nair', email: 'meera@cafe-one.test', expires_at: '2026-12-01T09:30:00.000Z' },
  },
};
const NEW_PASSWORD = 'meera likes filter coffee';

describe('The set-password page of an invitation link', () => {
  it('is the path the e-mailed link names', () => {
    expect(paths.setPassword.path).toBe(SET_PASSWORD_PATH);
  });

  it('sets the password with the link, then sends the invitee to sign in with their email filled in', async () => {
    const server = stubServer({
      'POST /api/auth/invitation': VALID,
      'POST /api/auth/set-password': { body: { data: { email: 'meera@cafe-one.test' } } },
    });
    const { user, router } = renderPage(<SetPasswordPage />, { path: AT_LINK });

    expect(await screen.findByText(/Welcome to AdLoop, Meera Nair/)).toBeInTheDocument();
    expect(screen.getByText('meera@cafe-one.test')).toBeInTheDocument();
    await fillIn(user, { 'New password': NEW_PASSWORD, 'Confirm new password': NEW_PASSWORD });
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ passwordSetFor: 'meera@cafe-one.test' });
    expect(server.bodiesSentTo('POST /api/auth/invitation')).toEqual([{ token: TOKEN }]);
    expect(server.bodiesSentTo('POST /api/auth/set-password')).toEqual([{ token: TOKEN, new_password: NEW_PASSWORD }]);
  });

  it('checks the new password typed twice, and shows the server’s refusal under it', async () => {
    const server = stubServer({
      'POST /api/auth/invitation': VALID,
      'POST /api/auth/set-password': refusal(400, 'BAD_REQUEST', 'This password is too common; choose another', [
        { path: 'new_password', message: 'This password is too common; choose another' },
      ]),
    });
    const { user } = renderPage(<SetPasswordPage />, { path: AT_LINK });
    await screen.findByText(/Welcome to AdLoop/);
    await fillIn(user, { 'New password': 'short', 'Confirm new password': 'other' });
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await expectFieldError('New password', 'Password must be at least 8 characters');
    await expectFieldError('Confirm new password', 'The passwords do not match');
    expect(server.bodiesSentTo('POST /api/auth/set-password')).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fillIn(user, { 'New password': 'password123', 'Confirm new password': 'password123' });
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await expectFieldError('New password', 'This password is too common; choose another');
  });

  it.each([
    ['EXPIRED', 'This invitation link has expired', 'Ask whoever invited you to send a new one.'],
    ['USED', 'A password has already been chosen for this account', 'Sign in with it.'],
  ])('a %s link says so calmly, with the way to sign in', async (state, heading, message) => {
    stubServer({
      'POST /api/auth/invitation': { body: { data: { state, name: null, email: null, expires_at: null } } },
    });
    renderPage(<SetPasswordPage />, { path: AT_LINK });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('a link without its token asks the server nothing', async () => {
    const server = stubServer({});
    renderPage(<SetPasswordPage />, { path: SET_PASSWORD_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });
});
