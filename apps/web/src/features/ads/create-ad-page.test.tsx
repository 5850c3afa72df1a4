// @vitest-environment jsdom
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { ALWAYS, NO_TARGETING } from '@adloop/contract/targeting';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CreateAdPage } from '@/features/ads/create-ad-page';
import { ad, listPage, outlet } from '@/test/entities';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

/** Company staff make ads for their own company, so the form asks for no advertiser. */
const EMPLOYEE = signedInUser('COMPANY_EMPLOYEE');
const MEDIA_URL = 'https://cdn.example.com/cold-brew.jpg';

async function fillInAd(user: ReturnType<typeof renderPage>['user']) {
  await fillIn(user, { Title: 'Cold brew, summer offer' });
  await user.click(screen.getByRole('tab', { name: 'Media URL' }));
  await user.click(screen.getByRole('textbox', { name: 'Media URL' }));
  await user.paste(MEDIA_URL);
}

describe('Creating an ad', () => {
  it('asks for a title and the media before sending anything', async () => {
    const server = stubServer({});
    const { user } = renderPage(<CreateAdPage />, { user: EMPLOYEE });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expectFieldError('Title', 'Title is required');
    expect(screen.getByText('Add the media: upload a file or give its URL')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/ads')).toEqual([]);
  });

  it('saves a draft image ad that plays everywhere, always, for the default duration', async () => {
    const server = stubServer({ 'POST /api/ads': { status: 201, body: { data: ad({ media_url: MEDIA_URL }) } } });
    const { user, router } = renderPage(<CreateAdPage />, { user: EMPLOYEE, path: '/dashboard/ads/new' });
    await fillInAd(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/ads');
    expect(server.bodiesSentTo('POST /api/ads')).toEqual([
      {
        title: 'Cold brew, summer offer',
        type: 'IMAGE',
        media_url: MEDIA_URL,
        duration_seconds: DEFAULT_IMAGE_DURATION_SECONDS,
        targeting: NO_TARGETING,
        schedule: ALWAYS,
      },
    ]);
  });

  it("shows the server's refusal of the title under it and stays on the form", async () => {
    stubServer({
      'POST /api/ads': refusal(400, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.title', message: 'Title is at most 200 characters' },
      ]),
    });
    const { user, router } = renderPage(<CreateAdPage />, { user: EMPLOYEE, path: '/dashboard/ads/new' });
    await fillInAd(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expectFieldError('Title', 'Title is at most 200 characters');
    expect(router.state.location.pathname).toBe('/dashboard/ads/new');
  });

  it("makes an outlet admin's ad their outlet's house content, on its screens only (decision 090)", async () => {
    const cafe = outlet();
    const server = stubServer({
      'GET /api/outlets': { body: listPage([cafe]) },
      'GET /api/ads/reach': { body: { data: { screens: 2, outlets: 1 } } },
      'POST /api/ads': { status: 201, body: { data: ad({ house_outlet_id: cafe.id, company_id: cafe.id }) } },
    });
    const { user, router } = renderPage(<CreateAdPage />, {
      user: signedInUser('OUTLET_ADMIN'),
      path: '/dashboard/ads/new',
    });
    expect(screen.getByText(/Your own menu or promotions, on your outlet's screens only/)).toBeInTheDocument();
    expect(await screen.findByText(cafe.name)).toBeInTheDocument();
    expect(await screen.findByText('Reaches 2 screens in 1 outlet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Pincodes')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Company')).not.toBeInTheDocument();
    const reach = server.sent.filter((request) => request.path === '/api/ads/reach').at(-1);
    expect(reach?.search.get('outlet_ids')).toBe(cafe.id);
    await fillInAd(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expect.poll(() => router.state.location.pathname).toBe('/dashboard/ads');
    expect(server.bodiesSentTo('POST /api/ads')).toEqual([
      {
        outlet_id: cafe.id,
        title: 'Cold brew, summer offer',
        type: 'IMAGE',
        media_url: MEDIA_URL,
        duration_seconds: DEFAULT_IMAGE_DURATION_SECONDS,
        targeting: NO_TARGETING,
        schedule: ALWAYS,
      },
    ]);
  });
});
