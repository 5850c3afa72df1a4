// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreateTokenDialog } from '@/features/settings/components/create-token-dialog';
import { company, listPage } from '@/test/entities';
import { expectFieldError, fillIn, refusal, renderPage, signedInUser, stubServer } from '@/test/render-page';

const ACME = company({ id: '3f0c9a52-6a55-4c4e-9a0b-6f1f3b0d2a11', name: 'Acme Foods' });
const created = {
  id: 'token-1',
  name: 'BI import',
  scopes: ['playback_logs:read'],
  company_id: ACME.id,
  company_name: ACME.name,
  created_by: 'user-1',
  created_by_name: 'Asha Rao',
  created_at: '2026-11-27T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  hint: 'adl_…abcd',
  state: 'ACTIVE',
  token: `adl_${'a'.repeat(39)}abcd`,
};

function renderDialog(role: 'GLOBAL_ADMIN' | 'COMPANY_ADMIN', routes: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ 'GET /api/ad-company': { body: listPage([ACME]) }, ...routes });
  const onCreated = vi.fn();
  const rendered = renderPage(<CreateTokenDialog open onClose={() => undefined} onCreated={onCreated} />, {
    user: signedInUser(role),
  });
  return { ...rendered, server, onCreated };
}

const dialog = () => screen.getByRole('dialog', { name: 'Create an integration token' });
const scopeNames = () =>
  within(dialog())
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('id')?.split('-').pop());

describe('Creating an integration token', () => {
  it('offers a company admin only the scopes their role may do, for their company, and sends what was chosen', async () => {
    const { user, server, onCreated } = renderDialog('COMPANY_ADMIN', {
      'POST /api/integration-tokens': { status: 201, body: { data: created } },
    });
    expect(await within(dialog()).findByText('Acme Foods')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Write screens' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Read screens' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Read proof of play' })).toHaveAccessibleDescription(
      'Playback logs: every play, by cursor, and their CSV export.',
    );

    await fillIn(user, { Name: 'BI import' });
    await user.click(screen.getByRole('checkbox', { name: 'Read proof of play' }));
    await user.selectOptions(screen.getByLabelText('Expires'), 'never');
    await user.click(within(dialog()).getByRole('button', { name: 'Create token' }));

    await expect.poll(() => onCreated.mock.calls[0]?.[0]?.token).toBe(created.token);
    expect(server.bodiesSentTo('POST /api/integration-tokens')).toEqual([
      { name: 'BI import', scopes: ['playback_logs:read'], company_id: ACME.id, expires_at: null },
    ]);
  });

  it('lets a global admin make a network-wide token with any scope, or narrow it to a company', async () => {
    const { user } = renderDialog('GLOBAL_ADMIN');
    expect(scopeNames()).toHaveLength(10);
    expect(screen.getByLabelText('Reaches')).toHaveValue('');
    await user.click(screen.getByRole('checkbox', { name: 'Write screens' }));
    await screen.findByRole('option', { name: 'Acme Foods' });
    await user.selectOptions(screen.getByLabelText('Reaches'), ACME.id);
    expect(screen.queryByRole('checkbox', { name: 'Write screens' })).toBeNull();
    expect(scopeNames().length).toBeLessThan(10);
  });

  it("shows the server's refusals by the fields they name", async () => {
    const { user } = renderDialog('COMPANY_ADMIN', {
      'POST /api/integration-tokens': refusal(400, 'VALIDATION_FAILED', 'Invalid body.name', [
        { path: 'body.name', message: 'Name may be at most 100 characters' },
      ]),
    });
    await within(dialog()).findByText('Acme Foods');
    await fillIn(user, { Name: 'BI import' });
    await user.click(screen.getByRole('checkbox', { name: 'Read ads' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create token' }));
    await expectFieldError('Name', 'Name may be at most 100 characters');
  });

  it('puts a refused scope under the scopes', async () => {
    const message = 'Your role cannot do everything the scope ads:write grants, so this token cannot hold it';
    const { user } = renderDialog('COMPANY_ADMIN', {
      'POST /api/integration-tokens': refusal(403, 'FORBIDDEN', message),
    });
    await within(dialog()).findByText('Acme Foods');
    await fillIn(user, { Name: 'Ad sync' });
    await user.click(screen.getByRole('checkbox', { name: 'Write ads' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Create token' }));
    expect(await within(screen.getByRole('group', { name: /Scopes/ })).findByText(message)).toBeInTheDocument();
  });

  it('asks for a name, a scope and, when chosen, the day it ends, before sending anything', async () => {
    const { user, server } = renderDialog('GLOBAL_ADMIN');
    await user.selectOptions(screen.getByLabelText('Expires'), 'date');
    await user.click(within(dialog()).getByRole('button', { name: 'Create token' }));
    await expectFieldError('Name', 'Name is required');
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    await expectFieldError('Last day it works', 'Choose the day it stops working');
    expect(server.bodiesSentTo('POST /api/integration-tokens')).toHaveLength(0);
  });
});
