// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordForm } from '@/features/settings/components/password-form';
import { refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const NEW_PASSWORD = 'correct horse battery staple';

/** Pastes each password, as a password manager fills them in. */
async function fillIn(user: ReturnType<typeof renderPage>['user'], confirm = NEW_PASSWORD) {
  for (const [label, password] of [
    ['Current password', 'the old passphrase'],
    ['New password', NEW_PASSWORD],
    ['Confirm new password', confirm],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(password);
  }
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('The password form', () => {
  it('asks for the current password and the new one typed twice alike', async () => {
    const server = stubServer({});
    const { user } = renderPage(<PasswordForm onChanged={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await fillIn(user, 'correct horse battery stapler');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);
  });

  it('sends the current and new password, then marks the temporary password spent', async () => {
    const server = stubServer({ 'POST /api/auth/change-password': { status: 204 } });
    const onChanged = vi.fn();
    const me = signedInUser('OUTLET_ADMIN', { must_change_password: true });
    const { user, auth } = renderPage(<PasswordForm onChanged={onChanged} />, { user: me });
    await fillIn(user);

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
    await fillIn(user);

    const newPassword = screen.getByLabelText('New password');
    await waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription(expect.stringContaining('This password is too common')),
    );
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
