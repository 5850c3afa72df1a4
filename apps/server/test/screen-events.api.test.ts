import { ADS_CHANGED_SPREAD_PER_SCREEN_MS } from '@adloop/contract/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, openScreenEvents, readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany } from './helpers/factories.ts';
import { bearer, connectedScreen, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

describe.each(databaseKinds)('pushes to screens on %s', (kind) => {
  const t = useTestApp(kind);
  let origin: string;
  beforeAll(async () => {
    origin = await listenLocally(t.app);
  });

  it('an ad edited through the API reaches a connected screen as ads-changed, with a new version', async () => {
    const company = await createCompany(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Old title' });
    const { session } = await connectedScreen(t);
    const stream = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = readEvents(stream.body!);
    await events.next('hello');

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(await signInAs(t)),
      payload: { title: 'New title' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ title: 'New title', version: 2 });
    // With it, how long to spread the reload over: each open stream of the process (one here) adds its share.
    expect(await events.next('ads-changed')).toEqual({
      ad_ids: [ad.id],
      spread_ms: ADS_CHANGED_SPREAD_PER_SCREEN_MS,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(list.json().data.find((row: { id: string }) => row.id === ad.id)).toMatchObject({
      title: 'New title',
      version: 2,
    });
    await events.cancel();
  });

  it('a passcode reset ends the stream with session-ended', async () => {
    const { screen, token } = await connectedScreen(t);
    const events = await openScreenEvents(origin, token);
    await events.next('hello');
    await t.app.events.publish({ type: 'screen.changed', screenId: screen.id, reason: 'passcode-reset' });
    expect(await events.next('session-ended')).toEqual({ reason: 'passcode-reset' });
  });

  it('refuses a stream without a screen token', async () => {
    const response = await fetch(`${origin}/api/screen-auth/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
