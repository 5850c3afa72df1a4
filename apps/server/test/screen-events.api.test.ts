import type { AddressInfo } from 'node:net';
import { ADS_CHANGED_SPREAD_PER_SCREEN_MS } from '@adloop/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  connectScreen,
  createAd,
  createCompany,
  createOutlet,
  createScreen,
  createUser,
  loginAs,
} from './helpers/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from './helpers/test-app.ts';

/** Reads server-sent events from a fetch body until `wanted` arrives or the time is up. */
async function waitForEvent(body: ReadableStream<Uint8Array>, wanted: string, timeoutMs = 5000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no ${wanted} event in time`)), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) throw new Error(`stream ended before ${wanted}`);
      buffer += decoder.decode(chunk.value, { stream: true });
      for (const frame of buffer.split('\n\n')) {
        const event = /^event: (.+)$/m.exec(frame)?.[1];
        const data = /^data: (.+)$/m.exec(frame)?.[1];
        if (event === wanted && data) return JSON.parse(data);
      }
    }
    throw new Error(`no ${wanted} event in time`);
  } finally {
    reader.releaseLock();
  }
}

describe.each(databaseKinds)('pushes to screens on %s', (kind) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('an ad edited through the API reaches a connected screen as ads-changed, with a new version', async () => {
    const company = await createCompany(t.db);
    const outlet = await createOutlet(t.db);
    const ad = await createAd(t.db, company.id, { title: 'Old title' });
    const screen = await createScreen(t.db, outlet.id);
    const session = await connectScreen(t.app, screen);
    const stream = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await waitForEvent(stream.body!, 'hello');

    const admin = await createUser(t.db, { role: 'GLOBAL_ADMIN' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      headers: bearer(await loginAs(t.app, admin)),
      payload: { title: 'New title' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ title: 'New title', version: 2 });
    // With it, how long to spread the reload over: each open stream of the process (one here) adds its share.
    expect(await waitForEvent(stream.body!, 'ads-changed')).toEqual({
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
    await stream.body!.cancel();
  });

  it('a passcode reset ends the stream with session-ended', async () => {
    const outlet = await createOutlet(t.db);
    const screen = await createScreen(t.db, outlet.id);
    const session = await connectScreen(t.app, screen);
    const stream = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(session.access_token) });
    await waitForEvent(stream.body!, 'hello');
    await t.app.events.publish({ type: 'screen.changed', screenId: screen.id, reason: 'passcode-reset' });
    expect(await waitForEvent(stream.body!, 'session-ended')).toEqual({ reason: 'passcode-reset' });
  });

  it('refuses a stream without a screen token', async () => {
    const response = await fetch(`${origin}/api/screen-auth/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
