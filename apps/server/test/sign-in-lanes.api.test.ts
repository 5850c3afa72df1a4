import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_IN_POLICIES } from '../src/modules/auth/auth.service.ts';
import { SCREEN_SIGN_IN_POLICIES } from '../src/modules/screens/screen-auth.service.ts';
import { createOutlet, createScreen, createUser } from './helpers/factories.ts';
import { bearer, signedIn } from './helpers/sign-in.ts';
import { createSharedApps, databaseKinds, type SharedApps, type TestApp, useTestApp } from './helpers/test-app.ts';

const SCREEN_PER_NETWORK = SCREEN_SIGN_IN_POLICIES.network.free;
const SCREEN_ALL_NETWORKS = SCREEN_SIGN_IN_POLICIES.subject.free;
const SCREEN_PER_DEVICE = SCREEN_SIGN_IN_POLICIES.device.free;
const STAFF_ALL_NETWORKS = STAFF_SIGN_IN_POLICIES.subject.free;
const STAFF_PER_DEVICE = STAFF_SIGN_IN_POLICIES.device.free;

const screenSignIn = (
  app: FastifyInstance,
  code: string,
  passcode: string,
  remoteAddress: string,
  deviceToken?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/screen-auth/authenticate',
    payload: {
      screen_code: code,
      pass_code: passcode,
      ...(deviceToken === undefined ? {} : { device_token: deviceToken }),
    },
    remoteAddress,
  });

const staffSignIn = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  deviceToken?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(deviceToken === undefined ? {} : { device_token: deviceToken }) },
    remoteAddress,
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/**
 * The token with its signature's first character changed: always a different signature. (Changing
 * the last two left it valid about once in a thousand runs: the last base64url character of a
 * 32-byte signature carries only 4 bits, and the two may already read "xx".)
 */
const forged = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
};

/** The device id a device token carries (its `sid`). */
const deviceIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

describe.each(databaseKinds)('sign-in lanes (decision 076) on %s', (kind) => {
  const t = useTestApp(kind);
  let outletId: string;
  beforeAll(async () => {
    outletId = (await createOutlet(t.db)).id;
  });

  /** A screen the venue signed in once from its own network: the screen and its browser's device token. */
  async function venueScreen(passcode: string, venueAddress = '192.0.2.10') {
    const screen = await createScreen(t.db, outletId, { passcode });
    const first = await screenSignIn(t.app, screen.screenCode, passcode, venueAddress);
    expect(first.statusCode).toBe(200);
    return { screen, deviceToken: first.json().data.device_token as string };
  }

  /** Wrong guesses at a code from `count` networks, each new to it. */
  async function guessFromManyNetworks(code: string, count: number, prefix: string) {
    for (let n = 0; n < count; n += 1) {
      expect((await screenSignIn(t.app, code, '000000', `${prefix}.${n + 1}`)).statusCode).toBe(401);
    }
  }

  it("an attacker from many networks cannot keep the venue out: the venue's browser signs in at once from a new address", async () => {
    const { screen, deviceToken } = await venueScreen('314159');
    expect(deviceToken.split('.')).toHaveLength(3);

    await guessFromManyNetworks(screen.screenCode, SCREEN_ALL_NETWORKS, '198.51.100');
    const withoutDevice = await screenSignIn(t.app, screen.screenCode, '314159', '203.0.113.77');
    expect(withoutDevice.statusCode).toBe(429);

    // The venue's router got a new address overnight: its browser still holds the device token.
    const venue = await screenSignIn(t.app, screen.screenCode, '314159', '203.0.113.78', deviceToken);
    expect(venue.statusCode).toBe(200);
    const renewed = venue.json().data.device_token;
    expect(deviceIdOf(renewed)).toBe(deviceIdOf(deviceToken));
    // And that address is now known to the screen: a fresh browser there gets past the all-network gate.
    expect((await screenSignIn(t.app, screen.screenCode, '314159', '203.0.113.78')).statusCode).toBe(200);
  });

  it("behind the venue's own NAT the attacker closes the network's lane, never the device's", async () => {
    const nat = '100.64.0.9';
    const { screen, deviceToken } = await venueScreen('271828', nat);
    for (let n = 0; n < SCREEN_PER_NETWORK; n += 1) {
      expect((await screenSignIn(t.app, screen.screenCode, '000000', nat)).statusCode).toBe(401);
    }
    expect((await screenSignIn(t.app, screen.screenCode, '271828', nat)).statusCode).toBe(429);
    expect((await screenSignIn(t.app, screen.screenCode, '271828', nat, deviceToken)).statusCode).toBe(200);
  });

  it('a device token is no key: with a wrong passcode it is refused, and its failures slow that device alone', async () => {
    const { screen, deviceToken } = await venueScreen('161803');
    for (let n = 0; n < SCREEN_PER_DEVICE; n += 1) {
      const wrong = await screenSignIn(t.app, screen.screenCode, '000000', `203.0.113.${n + 100}`, deviceToken);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid screen code or passcode', code: 'INVALID_CREDENTIALS' });
    }
    const slowed = await screenSignIn(t.app, screen.screenCode, '161803', '203.0.113.120', deviceToken);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/on this device\. Try again in \d+ minute/);
    // Nothing else was counted: another browser, from a network new to the screen, signs in.
    expect((await screenSignIn(t.app, screen.screenCode, '161803', '203.0.113.121')).statusCode).toBe(200);
    // Nor does a device token open any screen route.
    const ads = await t.app.inject({ method: 'GET', url: '/api/screen-auth/ads', headers: bearer(deviceToken) });
    expect(ads.statusCode).toBe(401);
  });

  it("another screen's token, a forged one, or one from before a passcode reset goes through the untrusted gates", async () => {
    const { screen, deviceToken } = await venueScreen('577215');
    const other = await venueScreen('141421');
    await guessFromManyNetworks(screen.screenCode, SCREEN_ALL_NETWORKS, '198.51.101');
    for (const token of [other.deviceToken, 'not.a.token', forged(deviceToken)]) {
      expect((await screenSignIn(t.app, screen.screenCode, '577215', '203.0.113.90', token)).statusCode).toBe(429);
    }
    const tooLong = await screenSignIn(t.app, screen.screenCode, '577215', '203.0.113.90', 'x'.repeat(2049));
    expect(tooLong.statusCode).toBe(400);

    const admin = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [outletId] });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/ad-screens/${screen.id}/reset-passcode`,
      headers: bearer(admin.token),
    });
    const passcode = reset.json().data.passcode as string;
    await guessFromManyNetworks(screen.screenCode, SCREEN_ALL_NETWORKS, '198.51.102');
    expect((await screenSignIn(t.app, screen.screenCode, passcode, '192.0.2.10', deviceToken)).statusCode).toBe(429);
  });

  it('staff: an attacker from many networks cannot keep the owner out; their browser signs in from a new address', async () => {
    const owner = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    const first = await staffSignIn(t.app, owner.email, owner.password, '192.0.2.20');
    const deviceToken = first.json().data.device_token as string;
    for (let n = 0; n < STAFF_ALL_NETWORKS; n += 1) {
      expect((await staffSignIn(t.app, owner.email, 'wrong-guess', `198.51.100.${n + 1}`)).statusCode).toBe(401);
    }
    expect((await staffSignIn(t.app, owner.email, owner.password, '203.0.113.30')).statusCode).toBe(429);

    const fromHome = await staffSignIn(t.app, owner.email.toUpperCase(), owner.password, '203.0.113.31', deviceToken);
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json().data).toMatchObject({ user: { id: owner.id }, device_token: expect.any(String) });

    // The device's own lane: a few wrong passwords on it, then it waits; it never opened a session.
    for (let n = 0; n < STAFF_PER_DEVICE; n += 1) {
      expect((await staffSignIn(t.app, owner.email, 'wrong-guess', '203.0.113.31', deviceToken)).statusCode).toBe(401);
    }
    expect((await staffSignIn(t.app, owner.email, owner.password, '203.0.113.32', deviceToken)).statusCode).toBe(429);
    const asSession = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(deviceToken) });
    expect(asSession.statusCode).toBe(401);
  });

  it("staff: a password change voids the account's device tokens", async () => {
    const owner = await createUser(t.db, { role: 'COMPANY_ADMIN' });
    const first = (await staffSignIn(t.app, owner.email, owner.password, '192.0.2.40')).json().data;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(first.token),
      payload: { current_password: owner.password, new_password: 'a-brand-new-passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    for (let n = 0; n < STAFF_ALL_NETWORKS; n += 1) {
      expect((await staffSignIn(t.app, owner.email, 'wrong-guess', `198.51.103.${n + 1}`)).statusCode).toBe(401);
    }
    const stale = await staffSignIn(t.app, owner.email, 'a-brand-new-passphrase', '203.0.113.41', first.device_token);
    expect(stale.statusCode).toBe(429);
  });

  it('40 concurrent wrong passcodes on one device: only its limit is checked', async () => {
    const { screen, deviceToken } = await venueScreen('662607');
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, n) =>
          (await screenSignIn(t.app, screen.screenCode, '111111', `203.0.113.${n + 150}`, deviceToken)).statusCode,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: SCREEN_PER_DEVICE, 429: 40 - SCREEN_PER_DEVICE });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('device lanes across two app instances on one PostgreSQL', () => {
  let shared: SharedApps;
  beforeAll(async () => {
    shared = await createSharedApps(2);
  });
  afterAll(() => shared?.close());

  it("a token from one instance is honoured by the other, and the device's count is one across both", async () => {
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];
    const db = (a as FastifyInstance & { db: TestApp['db'] }).db;
    const screen = await createScreen(db, (await createOutlet(db)).id, { passcode: '602214' });
    const deviceToken = (await screenSignIn(a, screen.screenCode, '602214', '192.0.2.60')).json().data.device_token;
    expect((await screenSignIn(b, screen.screenCode, '602214', '203.0.113.61', deviceToken)).statusCode).toBe(200);
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, n) =>
          (await screenSignIn(n % 2 ? a : b, screen.screenCode, '000000', '203.0.113.62', deviceToken)).statusCode,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: SCREEN_PER_DEVICE, 429: 20 - SCREEN_PER_DEVICE });
  });
});
