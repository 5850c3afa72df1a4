// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const ME = signedInUser('COMPANY_EMPLOYEE', { name: 'Asha Rao', phone_number: '+91 98765 43210' });

describe('The profile form', () => {
  it('needs a name and has nothing to save until something changed', async () => {
    const server = stubServer({});
    const { user } = renderPage(<ProfileForm />, { user: ME });
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await expectFieldError('Full name', 'Name is required');
    expect(server.sent).toHaveLength(0);
  });

  it('saves the new name, a cleared phone as none, and shows the saved user everywhere', async () => {
    const saved = { ...ME, name: 'Asha R. Rao', phone_number: null };
    const server = stubServer({ 'PATCH /api/auth/profile': { body: { data: { user: saved } } } });
    const { user, auth } = renderPage(<ProfileForm />, { user: ME });
    await user.clear(screen.getByLabelText('Full name'));
    await fillIn(user, { 'Full name': 'Asha R. Rao' });
    await user.clear(screen.getByLabelText('Phone'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    // The mutation hands setUser the saved user first.
    await expect.poll(() => vi.mocked(auth.setUser).mock.calls[0]?.[0]).toEqual(saved);
    expect(server.bodiesSentTo('PATCH /api/auth/profile')).toEqual([{ name: 'Asha R. Rao', phone_number: null }]);
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });

  it("shows the server's refusal of the phone under it", async () => {
    stubServer({
      'PATCH /api/auth/profile': refusal(400, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.phone_number', message: 'Enter a phone number with its country code' },
      ]),
    });
    const { user } = renderPage(<ProfileForm />, { user: ME });
    await fillIn(user, { Phone: '1' });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await expectFieldError('Phone', 'Enter a phone number with its country code');
  });
});
