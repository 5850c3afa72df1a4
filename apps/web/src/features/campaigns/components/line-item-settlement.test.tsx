// @vitest-environment jsdom
import type { LineItemDelivery } from '@adloop/contract/campaign-delivery';
import type { LineItemSettlement as Settlement } from '@adloop/contract/make-goods';
import { screen as page, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineItemSettlement } from '@/features/campaigns/components/line-item-settlement';
import { expectFieldError, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const CAMPAIGN_ID = '4c0e6a1b-2d3f-4a5b-8c7d-9e0f1a2b3c4d';
const LINE_ITEM_ID = '7a1b2c3d-4e5f-4a6b-9c8d-0e1f2a3b4c5d';
const RESOLVE = `/api/campaigns/${CAMPAIGN_ID}/line-items/${LINE_ITEM_ID}/shortfall-resolution`;

function shortLineItem(settlement: Partial<Settlement> = {}): LineItemDelivery {
  return {
    line_item_id: LINE_ITEM_ID,
    name: 'Diwali week',
    starts_on: '2026-11-01',
    ends_on: '2026-11-03',
    goal_kind: 'PLAYS',
    goal_quantity: 1_000,
    pacing: 'EVEN',
    guaranteed: true,
    booked_plays: 1_000,
    delivered_plays: 880,
    delivered_impressions: null,
    spend_minor: 88_000,
    delivered_quantity: 880,
    elapsed_share: 1,
    delivered_share: 0.88,
    progress: 0.88,
    forecast_quantity: 880,
    at_risk: true,
    shortfall_quantity: 120,
    planned_ahead_plays: 0,
    days: [],
    settlement: {
      state: 'OPEN',
      reason: null,
      credit_minor: 18_000,
      resolution: null,
      makes_good: null,
      ...settlement,
    },
  };
}

const resolved = {
  line_item_id: LINE_ITEM_ID,
  shortfall_quantity: 120,
  transaction_id: '1f2e3d4c-5b6a-4789-8abc-def012345678',
  resolved_by: 'user-1',
  resolved_at: '2026-11-10T10:00:00.000Z',
};

describe('A line item that ended short', () => {
  it('offers a global admin a credit, asked to confirm, and sends it', async () => {
    const server = stubServer({
      [`POST ${RESOLVE}`]: {
        status: 201,
        body: { data: { ...resolved, kind: 'CREDIT', credit_minor: 18_000, make_good: null } },
      },
    });
    const { user } = renderPage(<LineItemSettlement campaignId={CAMPAIGN_ID} item={shortLineItem()} />);
    expect(page.getByRole('heading', { name: 'Ended 120 plays short of its guaranteed goal' })).toBeVisible();

    await user.click(page.getByRole('button', { name: 'Credit ₹180.00' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Credit ₹180.00 to the advertiser?' });
    await user.click(within(dialog).getByRole('button', { name: 'Credit ₹180.00' }));

    expect(await page.findByText('Credited ₹180.00')).toBeVisible();
    expect(server.bodiesSentTo(`POST ${RESOLVE}`)).toEqual([{ kind: 'CREDIT' }]);
  });

  it('asks for the make-good’s flight and shows the refusal under the field it names', async () => {
    const message =
      'starts_on 2026-11-28 has already begun somewhere: a make-good flies on dates still to come everywhere';
    const server = stubServer({
      [`POST ${RESOLVE}`]: refusal(400, 'BAD_REQUEST', message, [{ path: 'starts_on', message }]),
    });
    const { user } = renderPage(<LineItemSettlement campaignId={CAMPAIGN_ID} item={shortLineItem()} />);

    await user.click(page.getByRole('button', { name: 'Propose make-good' }));
    const dialog = await page.findByRole('dialog', { name: 'Make good 120 plays' });
    const first = within(dialog).getByLabelText('First day');
    const last = within(dialog).getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '2026-12-20');
    await user.clear(last);
    await user.type(last, '2026-12-21');
    await user.click(within(dialog).getByRole('button', { name: 'Book make-good' }));

    await expectFieldError('First day', message);
    expect(server.bodiesSentTo(`POST ${RESOLVE}`)).toEqual([
      { kind: 'MAKE_GOOD', starts_on: '2026-12-20', ends_on: '2026-12-21' },
    ]);
  });

  it('tells company staff what is owed, with nothing to press', () => {
    stubServer({});
    renderPage(<LineItemSettlement campaignId={CAMPAIGN_ID} item={shortLineItem()} />, {
      user: signedInUser('COMPANY_ADMIN'),
    });
    expect(
      page.getByText(/AdLoop settles it with a make-good .* or a credit of ₹180.00 to your balance/),
    ).toBeVisible();
    expect(page.queryByRole('button')).toBeNull();
  });

  it('names the make-good that settled it, as a link to its campaign', () => {
    stubServer({});
    const item = shortLineItem({
      state: 'RESOLVED',
      credit_minor: null,
      reason: 'settled',
      resolution: {
        ...resolved,
        kind: 'MAKE_GOOD',
        credit_minor: 12_000,
        make_good: { campaign_id: 'c-2', campaign_name: 'Make-good: Festive', line_item_id: 'li-2' },
      },
    });
    renderPage(<LineItemSettlement campaignId={CAMPAIGN_ID} item={item} />, { user: signedInUser('COMPANY_EMPLOYEE') });
    expect(page.getByRole('link', { name: 'Make-good: Festive' })).toHaveAttribute('href', '/dashboard/campaigns/c-2');
    expect(page.getByText(/paid by a credit of ₹120.00/)).toBeVisible();
  });
});
