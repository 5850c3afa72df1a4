import { ADS_CHANGED_SPREAD_PER_SCREEN_MS } from '@adloop/contract/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SCREEN } from '../src/modules/screens/screen-stream-slots.ts';
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

  it(`holds ${STREAMS_PER_SCREEN} streams per screen, refuses one more with 429 and Retry-After, and frees a closed one's slot`, async () => {
    const { token } = await connectedScreen(t);
    const neighbour = await connectedScreen(t);
    // Opened at once, as the review did: the count is taken before any of them waits on the database.
    const opened = await Promise.all(
      Array.from({ length: STREAMS_PER_SCREEN + 3 }, () =>
        fetch(`${origin}/api/screen-auth/events`, { headers: bearer(token) }),
      ),
    );
    const streams = opened.filter((response) => response.status === 200);
    const refused = opened.filter((response) => response.status === 429);
    expect(streams).toHaveLength(STREAMS_PER_SCREEN);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.headers.get('retry-after')).toBe('5');
    expect(await refused[0]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/already has 3 event streams open/),
    });

    for (const response of refused.slice(1)) await response.body?.cancel();

    // Another screen has its own slots.
    const neighbourEvents = await openScreenEvents(origin, neighbour.token);
    await neighbourEvents.next('hello');

    await streams[0]!.body!.cancel();
    const deadline = Date.now() + 5000;
    let again = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(token) });
    while (again.status === 429 && Date.now() < deadline) {
      await again.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(token) });
    }
    expect(again.status).toBe(200);
    for (const stream of [...streams.slice(1), again]) await stream.body!.cancel();
    await neighbourEvents.cancel();
  });

  it('refuses a stream without a screen token', async () => {
    const response = await fetch(`${origin}/api/screen-auth/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
