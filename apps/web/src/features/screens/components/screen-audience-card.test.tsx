// @vitest-environment jsdom
import type { Screen } from '@adloop/contract/screens';
import { screen as page } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScreenAudienceCard } from '@/features/screens/components/screen-audience-card';
import { expectFieldError, fillIn, refusal, renderPage, stubServer } from '@/test/render-page';

const demoScreen: Screen = {
  id: '0b5c2f4e-5d7a-4c1e-9a57-3f1d2b8c6e01',
  screen_code: 'DEMO-SCREEN-01',
  name: 'Counter',
  status: 'ACTIVE',
  tags: [],
  outlet: { id: '6f1e0d2c-3b4a-4c5d-8e7f-9a0b1c2d3e4f', name: 'Demo outlet', outlet_code: 'DEMO' },
  is_online: true,
  last_seen_at: null,
  alert_after_minutes: 5,
  offline_alerted_at: null,
  locked: false,
  sign_in_alert: null,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
};

const AUDIENCE = `/api/inventory/screens/${demoScreen.id}/audience`;

describe('The Audience card', () => {
  it('says impressions cannot be sold without an estimate, sends a set one as a default with its ranges, and shows it', async () => {
    const figures = Array<number>(168).fill(2);
    for (let day = 0; day < 7; day += 1) for (const hour of [10, 11]) figures[day * 24 + hour] = 5;
    const server = stubServer({
      [`GET ${AUDIENCE}`]: refusal(404, 'NOT_FOUND', 'Audience estimate of this screen not found'),
      [`PUT ${AUDIENCE}`]: {
        body: {
          data: {
            screen_id: demoScreen.id,
            source: 'Door counter',
            impressions_per_play: figures,
            updated_at: '2026-11-27T10:00:00.000Z',
          },
        },
      },
    });
    const { user } = renderPage(<ScreenAudienceCard screen={demoScreen} />);
    expect(await page.findByText('No estimate yet: impressions cannot be sold on this screen.')).toBeVisible();

    await user.click(page.getByRole('button', { name: 'Set an estimate' }));
    await fillIn(user, { Source: 'Door counter', 'Usual audience': '2' });
    await user.click(page.getByRole('button', { name: 'Add hour range' }));
    await user.selectOptions(page.getByLabelText('From (outlet time)'), '10');
    await user.selectOptions(page.getByLabelText('Until (outlet time)'), '12');
    await user.clear(page.getByLabelText('Audience then'));
    await user.type(page.getByLabelText('Audience then'), '5');
    await user.click(page.getByRole('button', { name: 'Save estimate' }));

    expect(await page.findByRole('row', { name: '10:00–12:00, every day 5 people per play' })).toBeVisible();
    expect(page.getByRole('row', { name: 'Every other hour 2 people per play' })).toBeVisible();
    expect(server.bodiesSentTo(`PUT ${AUDIENCE}`)).toEqual([
      {
        source: 'Door counter',
        default_impressions_per_play: 2,
        hours: [{ from_hour: 10, to_hour: 12, impressions_per_play: 5 }],
      },
    ]);
  });

  it("shows the server's refusal under the field it names and in the card", async () => {
    const message = 'source is at most 200 characters';
    stubServer({
      [`GET ${AUDIENCE}`]: refusal(404, 'NOT_FOUND', 'Audience estimate of this screen not found'),
      [`PUT ${AUDIENCE}`]: refusal(400, 'VALIDATION_ERROR', message, [{ path: 'body.source', message }]),
    });
    const { user } = renderPage(<ScreenAudienceCard screen={demoScreen} />);
    await user.click(await page.findByRole('button', { name: 'Set an estimate' }));
    await fillIn(user, { Source: 'Door counter', 'Usual audience': '2' });
    await user.click(page.getByRole('button', { name: 'Save estimate' }));

    await expectFieldError('Source', message);
    expect(page.getByRole('alert')).toHaveTextContent(`Not saved: ${message}`);
  });
});
