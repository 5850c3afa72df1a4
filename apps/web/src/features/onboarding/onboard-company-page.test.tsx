// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnboardCompanyPage } from '@/features/onboarding/onboard-company-page';
import { company } from '@/test/entities';
import { expectFieldError, fillIn, refusal, renderPage, stubServer } from '@/test/render-page';

const CREATED = company({ name: 'Blue Tokai Coffee', contact_email: 'ads@bluetokai.test' });

describe('Onboarding a company', () => {
  it('asks for the name and a valid email before sending anything', async () => {
    const server = stubServer({});
    const { user } = renderPage(<OnboardCompanyPage />);
    await fillIn(user, { 'Contact email': 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Onboard company' }));

    await expectFieldError('Company name', 'Name is required');
    await expectFieldError('Contact email', 'Invalid email address');
    expect(server.sent).toHaveLength(0);
  });

  it('sends the company, with blank optional fields as null, and returns to the list', async () => {
    const server = stubServer({ 'POST /api/ad-company': { status: 201, body: { data: CREATED } } });
    const { user, router } = renderPage(<OnboardCompanyPage />, { path: '/dashboard/onboarding/company/new' });
    await fillIn(user, { 'Company name': '  Blue Tokai Coffee ', 'Contact email': 'ads@bluetokai.test' });
    await user.click(screen.getByRole('button', { name: 'Onboard company' }));

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/onboarding/company');
    expect(server.bodiesSentTo('POST /api/ad-company')).toEqual([
      { name: 'Blue Tokai Coffee', contact_email: 'ads@bluetokai.test', contact_phone: null },
    ]);
  });

  it("shows the server's refusal of a field under that field", async () => {
    stubServer({
      'POST /api/ad-company': refusal(400, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.contact_phone', message: 'Enter a phone number with its country code' },
      ]),
    });
    const { user, router } = renderPage(<OnboardCompanyPage />, { path: '/dashboard/onboarding/company/new' });
    await fillIn(user, { 'Company name': 'Blue Tokai Coffee', 'Contact phone': '+91 98765 43210' });
    await user.click(screen.getByRole('button', { name: 'Onboard company' }));

    await expectFieldError('Contact phone', 'Enter a phone number with its country code');
    expect(screen.getByLabelText('Contact phone')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/dashboard/onboarding/company/new');
  });

  it('puts a duplicate name refused with 409 under the name', async () => {
    stubServer({ 'POST /api/ad-company': refusal(409, 'CONFLICT', 'A company with this name exists already') });
    const { user } = renderPage(<OnboardCompanyPage />);
    await fillIn(user, { 'Company name': 'Blue Tokai Coffee' });
    await user.click(screen.getByRole('button', { name: 'Onboard company' }));

    await expectFieldError('Company name', 'A company with this name exists already');
  });
});
