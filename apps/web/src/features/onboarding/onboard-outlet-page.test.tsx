// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnboardOutletPage } from '@/features/onboarding/onboard-outlet-page';
import { outlet } from '@/test/entities';
import { expectFieldError, fillIn, refusal, renderPage, stubServer } from '@/test/render-page';

const KNOWN_PINCODE = {
  'GET /api/pincode/560038': { body: { data: { code: '560038', city: 'Bengaluru', state: 'Karnataka' } } },
};

async function fillInOutlet(user: ReturnType<typeof renderPage>['user']) {
  await fillIn(user, {
    'Outlet name': 'Third Wave, Indiranagar',
    'Outlet code': 'tw-blr-01',
    Address: '12th Main, Indiranagar',
    Pincode: '560038',
  });
  // A known pincode brings its city.
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Bengaluru'));
  await user.type(screen.getByLabelText('Tags'), 'cafe{Enter}');
}

describe('Onboarding an outlet', () => {
  it('asks for a name and a well-formed code before sending anything', async () => {
    const server = stubServer({});
    const { user } = renderPage(<OnboardOutletPage />);
    await fillIn(user, { 'Outlet code': 'x' });
    await user.click(screen.getByRole('button', { name: 'Onboard outlet' }));

    await expectFieldError('Outlet name', 'Name is required');
    await expectFieldError('Outlet code', 'Outlet code must be 3-32 letters, digits or dashes');
    expect(server.bodiesSentTo('POST /api/outlets')).toEqual([]);
  });

  it('sends the outlet with the city of its pincode, in India’s time zone, and returns to the list', async () => {
    const server = stubServer({
      ...KNOWN_PINCODE,
      'POST /api/outlets': { status: 201, body: { data: outlet({ tags: ['cafe'] }) } },
    });
    const { user, router } = renderPage(<OnboardOutletPage />, { path: '/dashboard/onboarding/outlet/new' });
    await fillInOutlet(user);
    await user.click(screen.getByRole('button', { name: 'Onboard outlet' }));

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/onboarding/outlet');
    expect(server.bodiesSentTo('POST /api/outlets')).toEqual([
      expect.objectContaining({
        name: 'Third Wave, Indiranagar',
        outlet_code: 'TW-BLR-01',
        address: '12th Main, Indiranagar',
        city: 'Bengaluru',
        pincode: '560038',
        timezone: 'Asia/Kolkata',
        tags: ['cafe'],
        tier: 'STANDARD',
        commission_bps: 1500,
      }),
    ]);
  });

  it('holds the usual 15 % as the commission’s value, and asks again for one emptied (decision 091)', async () => {
    const server = stubServer({ ...KNOWN_PINCODE });
    const { user } = renderPage(<OnboardOutletPage />);
    const commission = screen.getByLabelText('Commission');
    expect(commission).toHaveValue('15');
    expect(commission).not.toHaveAttribute('placeholder');
    await fillInOutlet(user);
    await user.clear(commission);
    await user.click(screen.getByRole('button', { name: 'Onboard outlet' }));

    await expectFieldError('Commission', "Give AdLoop's commission: 15 % is usual, 0 for none");
    expect(server.bodiesSentTo('POST /api/outlets')).toEqual([]);
  });

  it('puts a code the server already knows under the code', async () => {
    stubServer({
      ...KNOWN_PINCODE,
      'POST /api/outlets': refusal(409, 'CONFLICT', 'An outlet with this code exists already'),
    });
    const { user } = renderPage(<OnboardOutletPage />);
    await fillInOutlet(user);
    await user.click(screen.getByRole('button', { name: 'Onboard outlet' }));

    await expectFieldError('Outlet code', 'An outlet with this code exists already');
  });
});
