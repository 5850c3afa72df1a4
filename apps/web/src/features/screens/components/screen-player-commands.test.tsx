// @vitest-environment jsdom
import type { Screen } from '@adloop/contract/screens';
import { screen as page, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScreenPlayerCommands } from '@/features/screens/components/screen-player-commands';
import { refusal, renderPage, stubServer } from '@/test/render-page';

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

describe('The player commands', () => {
  it("shows the server's refusal of one command too many (429) as a toast, and keeps the dialog for another try", async () => {
    const message = 'This screen was sent 6 commands in the last minute; try again in 42 s';
    stubServer({
      [`POST /api/ad-screens/${demoScreen.id}/commands`]: refusal(429, 'RATE_LIMITED', message),
    });
    const { user } = renderPage(<ScreenPlayerCommands screen={demoScreen} />);
    await user.click(page.getByRole('button', { name: 'Reload player' }));
    await user.click(within(page.getByRole('alertdialog')).getByRole('button', { name: 'Reload player' }));

    expect(await page.findByText(message)).toBeVisible();
    expect(page.getByRole('alertdialog')).toBeVisible();
  });
});
