import { SCREENSHOT_MAX_BYTES } from '@adloop/contract/screen-commands';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeovers } from '../src/db/schema.ts';
import { SCREEN_REQUESTS_PER_MINUTE } from '../src/modules/screens/screen-request-limit.ts';
import { listenLocally, readEvents } from './helpers/event-stream.ts';
import { createAd, createCompany, createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, connectedScreen, connectScreen, signedIn, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/** Enough of a JPEG for the server, which judges by the first bytes (SOI, then a marker). */
function jpegBytes(size = 64): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.each(databaseKinds)('screenshots and commands on %s', (kind) => {
  const t = useTestApp(kind);
  let origin: string;
  let adminToken: string;

  beforeAll(async () => {
    origin = await listenLocally(t.app);
    adminToken = await signInAs(t);
  });

  const openStream = async (token: string) => {
    const stream = await fetch(`${origin}/api/screen-auth/events`, { headers: bearer(token) });
    expect(stream.status).toBe(200);
    const events = readEvents(stream.body!);
    await events.until('hello');
    return events;
  };
  const askForScreenshot = (screenId: string, token: string) =>
    t.app.inject({ method: 'POST', url: `/api/ad-screens/${screenId}/screenshot-requests`, headers: bearer(token) });
  const sendCommand = (screenId: string, token: string, command: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ad-screens/${screenId}/commands`,
      headers: bearer(token),
      payload: { command },
    });
  const upload = (token: string, query: Record<string, string>, body: Buffer, contentType = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: `/api/screen-auth/screenshots?${new URLSearchParams(query)}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });

  it('asks only that screen, keeps its answer and shows it with what was playing', async () => {
    const ad = await createAd(t.db, (await createCompany(t.db)).id, { title: 'Cold brew' });
    const outlet = await createOutlet(t.db);
    const asked = await createScreen(t.db, outlet.id);
    const other = await createScreen(t.db, outlet.id);
    const askedSession = await connectScreen(t.app, asked);
    const otherSession = await connectScreen(t.app, other);
    const askedStream = await openStream(askedSession.access_token);
    const otherStream = await openStream(otherSession.access_token);

    const response = await askForScreenshot(asked.id, adminToken);
    expect(response.statusCode).toBe(202);
    const { request_id: requestId, requested_at: requestedAt } = response.json().data;
    const heard = await askedStream.until('screenshot-requested');
    expect(heard.at(-1)).toEqual({ event: 'screenshot-requested', data: { request_id: requestId } });

    // The other screen hears its own command next, and nothing of the first screen's request before it.
    expect((await sendCommand(other.id, adminToken, 'reload')).statusCode).toBe(202);
    const otherHeard = await otherStream.until('command');
    expect(otherHeard).toEqual([{ event: 'command', data: { command: 'reload' } }]);

    const image = jpegBytes(4096);
    const saved = await upload(
      askedSession.access_token,
      { request_id: requestId, ad_id: ad.id, ad_title: 'Cold brew' },
      image,
    );
    expect(saved.statusCode).toBe(201);

    const state = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${asked.id}/screenshot`,
      headers: bearer(adminToken),
    });
    expect(state.statusCode).toBe(200);
    const { screenshot, requested_at } = state.json().data;
    expect(requested_at).toBe(requestedAt);
    expect(screenshot).toMatchObject({
      request_id: requestId,
      size_bytes: 4096,
      ad_id: ad.id,
      ad_title: 'Cold brew',
      takeover_id: null,
    });
    expect(Date.parse(screenshot.taken_at)).toBeGreaterThanOrEqual(Date.parse(requestedAt));

    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${asked.id}/screenshot/image`,
      headers: bearer(adminToken),
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(image)).toBe(true);

    const none = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${other.id}/screenshot`,
      headers: bearer(adminToken),
    });
    expect(none.json().data).toEqual({ screenshot: null, requested_at: null });
    await askedStream.cancel();
    await otherStream.cancel();
  });

  it('refuses a body that is not a JPEG, empty or too big, naming the problem', async () => {
    const { screen, session } = await connectedScreen(t);
    const { request_id } = (await askForScreenshot(screen.id, adminToken)).json().data;

    const png = await upload(session.access_token, { request_id }, PNG_BYTES);
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toMatch(/not a JPEG/);
    // The declared type does not matter: the bytes decide.
    const disguised = await upload(session.access_token, { request_id }, PNG_BYTES, 'application/octet-stream');
    expect(disguised.statusCode).toBe(400);

    const empty = await upload(session.access_token, { request_id }, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);

    const huge = await upload(session.access_token, { request_id }, jpegBytes(SCREENSHOT_MAX_BYTES + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'A screenshot is limited to 2 MB' });

    const json = await upload(session.access_token, { request_id }, Buffer.from('{}'), 'application/json');
    expect(json.statusCode).toBe(400);

    const badQuery = await upload(session.access_token, { request_id: 'not-an-id' }, jpegBytes());
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().details[0].path).toBe('querystring.request_id');

    // An answer to a request that a newer one replaced, or to none, is refused.
    await askForScreenshot(screen.id, adminToken);
    const stale = await upload(session.access_token, { request_id }, jpegBytes());
    expect(stale.statusCode).toBe(409);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/screen-auth/screenshots?request_id=${request_id}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpegBytes(),
    });
    expect(anonymous.statusCode).toBe(401);
    const staff = await upload(adminToken, { request_id }, jpegBytes());
    expect(staff.statusCode).toBe(401);
  });

  it("lets the outlet's admin command its screen; another outlet's staff get 404, employees 403", async () => {
    const outlet = await createOutlet(t.db);
    const elsewhere = await createOutlet(t.db);
    const { screen, token } = await connectedScreen(t, outlet.id);
    const stream = await openStream(token);

    const ownAdmin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outlet.id] });
    expect((await askForScreenshot(screen.id, ownAdmin.token)).statusCode).toBe(202);
    expect((await sendCommand(screen.id, ownAdmin.token, 'clear-cache')).statusCode).toBe(202);
    const heard = await stream.until('command');
    expect(heard.map((event) => event.event)).toEqual(['screenshot-requested', 'command']);
    expect(heard[1]?.data).toEqual({ command: 'clear-cache' });

    const otherAdmin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [elsewhere.id] });
    expect((await askForScreenshot(screen.id, otherAdmin.token)).statusCode).toBe(404);
    expect((await sendCommand(screen.id, otherAdmin.token, 'reload')).statusCode).toBe(404);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${screen.id}/screenshot`,
      headers: bearer(otherAdmin.token),
    });
    expect(peek.statusCode).toBe(404);

    const employee = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outlet.id] });
    expect((await askForScreenshot(screen.id, employee.token)).statusCode).toBe(403);
    expect((await sendCommand(screen.id, employee.token, 'reload')).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${screen.id}/screenshot`,
      headers: bearer(employee.token),
    });
    expect(read.statusCode).toBe(200);

    const company = await createCompany(t.db);
    for (const role of ['COMPANY_ADMIN', 'COMPANY_EMPLOYEE'] as const) {
      const user = await signedIn(t.app, t.db, role, { companyId: company.id });
      expect((await askForScreenshot(screen.id, user.token)).statusCode).toBe(403);
    }

    const unknown = await sendCommand(screen.id, adminToken, 'format-disk');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/reload, clear-cache/);
    await stream.cancel();
  });
  it('takes one answer per request: a second upload is a 409 and keeps the first picture', async () => {
    const { screen, token } = await connectedScreen(t);
    const { request_id } = (await askForScreenshot(screen.id, adminToken)).json().data;
    const first = jpegBytes(128);
    expect((await upload(token, { request_id }, first)).statusCode).toBe(201);
    const takenAt = (
      await t.app.inject({ method: 'GET', url: `/api/ad-screens/${screen.id}/screenshot`, headers: bearer(adminToken) })
    ).json().data.screenshot.taken_at;

    const again = await upload(token, { request_id }, jpegBytes(256));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already answered/) });

    const state = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${screen.id}/screenshot`,
      headers: bearer(adminToken),
    });
    expect(state.json().data.screenshot).toMatchObject({ request_id, size_bytes: 128, taken_at: takenAt });
    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/ad-screens/${screen.id}/screenshot/image`,
      headers: bearer(adminToken),
    });
    expect(picture.rawPayload.equals(first)).toBe(true);
  });

  it("refuses a shown ad or takeover the screen was not handed, naming the field; takes its list's and its takeover's", async () => {
    const outlet = await createOutlet(t.db);
    const elsewhere = await createOutlet(t.db);
    const listed = await createAd(t.db, (await createCompany(t.db)).id);
    // Another company's ad, for another outlet's screens only: never on this screen's list.
    const foreign = await createAd(t.db, (await createCompany(t.db)).id, { targetOutletIds: [elsewhere.id] });
    const takeoverAd = await createAd(t.db, (await createCompany(t.db)).id, { targetOutletIds: [elsewhere.id] });
    const { screen, token } = await connectedScreen(t, outlet.id);
    const other = await createScreen(t.db, elsewhere.id);
    const answer = async (showing: Record<string, string>) => {
      const { request_id } = (await askForScreenshot(screen.id, adminToken)).json().data;
      return upload(token, { request_id, ...showing }, jpegBytes());
    };

    for (const adId of [foreign.id, crypto.randomUUID()]) {
      const refused = await answer({ ad_id: adId, ad_title: 'Not mine' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details[0].path).toBe('querystring.ad_id');
    }
    const [otherScreens] = await t.db
      .insert(takeovers)
      .values({ kind: 'MESSAGE', message: 'Elsewhere', screenIds: [other.id] })
      .returning();
    const notHere = await answer({ takeover_id: otherScreens!.id });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().details[0].path).toBe('querystring.takeover_id');

    expect((await answer({ ad_id: listed.id })).statusCode).toBe(201);
    const [adTakeover] = await t.db
      .insert(takeovers)
      .values({ kind: 'AD', adId: takeoverAd.id, screenIds: [screen.id] })
      .returning();
    const takeover = await answer({ ad_id: takeoverAd.id, takeover_id: adTakeover!.id });
    expect(takeover.statusCode).toBe(201);
    // This screen's takeover is not the other screen's to report.
    const otherSession = await connectScreen(t.app, other);
    const { request_id } = (await askForScreenshot(other.id, adminToken)).json().data;
    const borrowed = await upload(otherSession.access_token, { request_id, takeover_id: adTakeover!.id }, jpegBytes());
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().details[0].path).toBe('querystring.takeover_id');
  });

  it(`limits screenshot requests and commands to ${SCREEN_REQUESTS_PER_MINUTE} a minute per screen, with Retry-After`, async () => {
    const outlet = await createOutlet(t.db);
    const screen = await createScreen(t.db, outlet.id);
    const neighbour = await createScreen(t.db, outlet.id);
    const burst = SCREEN_REQUESTS_PER_MINUTE + 4;

    // Sent at once, as the review did: only the limit's count gets through, whichever process counts.
    const asked = await Promise.all(Array.from({ length: burst }, () => askForScreenshot(screen.id, adminToken)));
    expect(asked.filter((response) => response.statusCode === 202)).toHaveLength(SCREEN_REQUESTS_PER_MINUTE);
    const refused = asked.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(burst - SCREEN_REQUESTS_PER_MINUTE);
    expect(refused[0]!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/asked for 6 screenshots in the last minute; try again in \d+ s/),
    });
    const wait = Number(refused[0]!.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    const commands = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        sendCommand(screen.id, adminToken, index % 2 === 0 ? 'clear-cache' : 'reload'),
      ),
    );
    expect(commands.filter((response) => response.statusCode === 202)).toHaveLength(SCREEN_REQUESTS_PER_MINUTE);
    const refusedCommand = commands.find((response) => response.statusCode === 429)!;
    expect(refusedCommand.json().message).toMatch(/sent 6 commands in the last minute/);
    expect(Number(refusedCommand.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Each screen counts its own.
    expect((await askForScreenshot(neighbour.id, adminToken)).statusCode).toBe(202);
    expect((await sendCommand(neighbour.id, adminToken, 'reload')).statusCode).toBe(202);
  });
});
