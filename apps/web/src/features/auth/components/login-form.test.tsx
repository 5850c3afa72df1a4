// @vitest-environment jsdom
import { LOGIN_FORM_MESSAGES } from '@adloop/contract/auth-rules';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const SIGNED_IN = {
  token: 'new-staff-token',
  user: signedInUser('COMPANY_ADMIN', { email: 'priya@bluetokai.test' }),
  expires_at: '2026-12-01T10:00:00.000Z',
};

describe('The sign-in form', () => {
  it('asks for an email and a password, and focuses the first field that is wrong', async () => {
    const server = stubServer({});
    const { user } = renderPage(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expectFieldError('Email', LOGIN_FORM_MESSAGES.emailRequired);
    await expectFieldError('Password', LOGIN_FORM_MESSAGES.passwordRequired);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.sent).toHaveLength(0);
  });

  it('checks a field again as it changes once the form was sent', async () => {
    stubServer({});
    const { user } = renderPage(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'priya@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectFieldError('Email', LOGIN_FORM_MESSAGES.emailInvalid);

    await user.type(screen.getByLabelText('Email'), 'bluetokai.test');
    expect(screen.queryByText(LOGIN_FORM_MESSAGES.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed email with the password and signs in with the answer', async () => {
    const server = stubServer({ 'POST /api/auth/login': { body: { data: SIGNED_IN } } });
    const { user, auth } = renderPage(<LoginForm />);
    await fillIn(user, { Email: '  priya@bluetokai.test ', Password: 'a long passphrase' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expect.poll(() => auth.signIn).toHaveBeenCalledWith(SIGNED_IN);
    expect(server.bodiesSentTo('POST /api/auth/login')).toEqual([
      { email: 'priya@bluetokai.test', password: 'a long passphrase' },
    ]);
  });

  it("keeps the answer's device token and sends it with the next sign-in of that account (decision 076)", async () => {
    localStorage.clear();
    const server = stubServer({
      'POST /api/auth/login': { body: { data: { ...SIGNED_IN, device_token: 'device-1' } } },
    });
    const { user, auth } = renderPage(<LoginForm />);
    const signInWith = async (email: string) => {
      await fillIn(user, { Email: email, Password: 'a long passphrase' });
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await expect.poll(() => server.bodiesSentTo('POST /api/auth/login').length).toBeGreaterThan(0);
    };
    await signInWith('priya@bluetokai.test');
    await expect.poll(() => auth.signIn).toHaveBeenCalledWith(SIGNED_IN);
    expect(localStorage.getItem('user-device-tokens')).toContain('device-1');
    expect(document.cookie).not.toContain('device-1');

    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await signInWith('Priya@BlueTokai.test');
    await expect.poll(() => server.bodiesSentTo('POST /api/auth/login')).toHaveLength(2);
    expect(server.bodiesSentTo('POST /api/auth/login')).toEqual([
      { email: 'priya@bluetokai.test', password: 'a long passphrase' },
      { email: 'Priya@BlueTokai.test', password: 'a long passphrase', device_token: 'device-1' },
    ]);
    localStorage.clear();
  });

  it("stays signed out when the server refuses the credentials, and says the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({ 'POST /api/auth/login': refusal(401, 'INVALID_CREDENTIALS', 'Invalid email or password') });
    const { user, auth } = renderPage(<LoginForm />);
    await fillIn(user, { Email: 'priya@bluetokai.test', Password: 'a wrong passphrase' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveValue('a wrong passphrase');
  });
});
