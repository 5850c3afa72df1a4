// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordForm } from '@/features/settings/components/password-form';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const NEW_PASSWORD = 'correct horse battery staple';

async function changePassword(user: ReturnType<typeof renderPage>['user'], confirm = NEW_PASSWORD) {
  await fillIn(user, {
    'Current password': 'the old passphrase',
    'New password': NEW_PASSWORD,
    'Confirm new password': confirm,
  });
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('The password form', () => {
  it('asks for the current password and the new one typed twice alike', async () => {
    const server = stubServer({});
    const { user } = renderPage(<PasswordForm onChanged={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await expectFieldError('Current password', 'Current password is required');

    await changePassword(user, 'correct horse battery stapler');
    await expectFieldError('Confirm new password', 'The passwords do not match');
    expect(server.sent).toHaveLength(0);
  });

  it('sends the current and new password, then marks the temporary password spent', async () => {
    const server = stubServer({ 'POST /api/auth/change-password': { status: 204 } });
    const onChanged = vi.fn();
    const me = signedInUser('OUTLET_ADMIN', { must_change_password: true });
    const { user, auth } = renderPage(<PasswordForm onChanged={onChanged} />, { user: me });
    await changePassword(user);

    await expect.poll(() => onChanged).toHaveBeenCalledTimes(1);
    expect(server.bodiesSentTo('POST /api/auth/change-password')).toEqual([
      { current_password: 'the old passphrase', new_password: NEW_PASSWORD },
    ]);
    expect(auth.setUser).toHaveBeenCalledWith({ ...me, must_change_password: false });
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's refusal of the new password under it", async () => {
    stubServer({
      'POST /api/auth/change-password': refusal(400, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.new_password', message: 'This password is too common' },
      ]),
    });
    const onChanged = vi.fn();
    const { user } = renderPage(<PasswordForm onChanged={onChanged} />);
    await changePassword(user);

    await expectFieldError('New password', 'This password is too common');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
