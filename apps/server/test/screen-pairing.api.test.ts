import { PAIRING_CODE_ALPHABET, PAIRING_CODE_TTL_SECONDS, PAIRING_POLL_SECONDS } from '@adloop/contract/pairing-code';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenPairings, screens } from '../src/db/schema.ts';
import { PAIRING_GUESS_POLICY } from '../src/modules/screens/screen-pairing.service.ts';
import { createOutlet, createScreen } from './helpers/factories.ts';
import { bearer, signInAs } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

/** Every test asks from an address of its own: the per-address limits stay apart. */
let lastOctet = 10;
const nextAddress = () => `198.51.100.${lastOctet++}`;

describe.each(databaseKinds)('pairing a screen from a phone (decision 088) on %s', (kind) => {
  const t = useTestApp(kind);
  let outlets: { A: string; B: string };
  let outletAdmin: string;

  beforeAll(async () => {
    outlets = { A: (await createOutlet(t.db)).id, B: (await createOutlet(t.db)).id };
    outletAdmin = await signInAs(t, 'OUTLET_ADMIN', { outletIds: [outlets.A] });
  });

  async function newPairing(remoteAddress = nextAddress()) {
    const response = await t.app.inject({ method: 'POST', url: '/api/screen-auth/pairing-codes', remoteAddress });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { code: string; pairing_secret: string; expires_at: string; poll_seconds: number };
  }

  const ask = (secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/pairing-codes/session',
      payload: { pairing_secret: secret },
    });

  const claim = (token: string, screenId: string, code: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ad-screens/${screenId}/pair`,
      headers: bearer(token),
      payload: { code },
      remoteAddress,
    });

  it('a display gets a code, staff claim it for their screen, and the display is handed its session once', async () => {
    const screen = await createScreen(t.db, outlets.A);
    const pairing = await newPairing();
    expect(pairing.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{6}$`));
    expect(pairing.poll_seconds).toBe(PAIRING_POLL_SECONDS);
    const lifetime = Date.parse(pairing.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan((PAIRING_CODE_TTL_SECONDS - 30) * 1000);
    expect(lifetime).toBeLessThanOrEqual(PAIRING_CODE_TTL_SECONDS * 1000 + 1000);

    const waiting = await ask(pairing.pairing_secret);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data).toEqual({ status: 'WAITING', expires_at: pairing.expires_at });

    // Typed on a phone: lower case, the halves apart.
    const typed = `${pairing.code.slice(0, 3).toLowerCase()} ${pairing.code.slice(3)}`;
    const claimed = await claim(outletAdmin, screen.id, typed);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ id: screen.id, screen_code: screen.screenCode });

    const paired = await ask(pairing.pairing_secret);
    expect(paired.statusCode, paired.body).toBe(200);
    const { session } = paired.json().data;
    expect(paired.json().data.status).toBe('PAIRED');
    expect(session).toMatchObject({ screen_id: screen.id, screen_code: screen.screenCode, outlet: { id: outlets.A } });
    expect(session).not.toHaveProperty('device_token');
    // The session a passcode sign-in issues: it lists the screen's ads and renews.
    const ads = await t.app.inject({
      method: 'GET',
      url: '/api/screen-auth/ads',
      headers: bearer(session.access_token),
    });
    expect(ads.statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/verify',
      headers: bearer(session.access_token),
    });
    expect(verify.json().data).toMatchObject({ screen_id: screen.id });

    // Spent: neither the display nor anyone else gets another session out of it.
    const again = await ask(pairing.pairing_secret);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This pairing has already handed its screen a session');
    const reused = await claim(outletAdmin, screen.id, pairing.code);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      message: `Pairing code ${pairing.code} has already been used to pair a screen.`,
      code: 'CONFLICT',
      details: [{ path: 'code', message: `Pairing code ${pairing.code} has already been used to pair a screen.` }],
    });
  });

  it('keeps only hashes of the code and the secret', async () => {
    const pairing = await newPairing();
    const rows = await t.db.select().from(screenPairings);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(pairing.code);
    expect(stored).not.toContain(pairing.pairing_secret);
  });

  it('refuses an unknown code, naming it', async () => {
    const screen = await createScreen(t.db, outlets.A);
    const response = await claim(outletAdmin, screen.id, 'ZZZ 999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No screen is showing pairing code ZZZ999. Check the code on the screen.');
    expect(response.json().details).toEqual([{ path: 'code', message: expect.stringContaining('ZZZ999') }]);
  });

  it('refuses an expired code, to staff and to the display', async () => {
    const screen = await createScreen(t.db, outlets.A);
    const pairing = await newPairing();
    await t.db.update(screenPairings).set({ expiresAt: sql`now() - interval '1 second'` });
    const response = await claim(outletAdmin, screen.id, pairing.code);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'GONE',
      message: `Pairing code ${pairing.code} has expired. The screen now shows a new code: enter that one.`,
    });
    const display = await ask(pairing.pairing_secret);
    expect(display.statusCode).toBe(410);
    expect(display.json().message).toBe('This pairing code has expired; ask for a new one');
  });

  it('a claimed code waits for its display no longer than a code lives', async () => {
    const screen = await createScreen(t.db, outlets.A);
    const pairing = await newPairing();
    expect((await claim(outletAdmin, screen.id, pairing.code)).statusCode).toBe(200);
    await t.db
      .update(screenPairings)
      .set({ claimedAt: sql`now() - make_interval(secs => ${PAIRING_CODE_TTL_SECONDS + 1})` })
      .where(eq(screenPairings.screenId, screen.id));
    expect((await ask(pairing.pairing_secret)).statusCode).toBe(410);
  });

  it('answers an unknown pairing secret 404 and a malformed code 400', async () => {
    const unknown = await ask('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    const screen = await createScreen(t.db, outlets.A);
    for (const code of ['ABC12', 'OOOIII', 'ABCDEFG', '']) {
      const response = await claim(outletAdmin, screen.id, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().message).toContain('A pairing code is 6 letters and digits, without 0, O, 1 or I');
    }
  });

  it("refuses another outlet's screen (404) and roles that may not edit screens (403); a global admin pairs any", async () => {
    const foreign = await createScreen(t.db, outlets.B);
    const pairing = await newPairing();
    const refused = await claim(outletAdmin, foreign.id, pairing.code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Screen not found');

    for (const role of ['OUTLET_EMPLOYEE', 'COMPANY_ADMIN', 'COMPANY_EMPLOYEE'] as const) {
      const token = await signInAs(t, role, { outletIds: [outlets.B] });
      expect((await claim(token, foreign.id, pairing.code)).statusCode, role).toBe(403);
    }
    // None of those spent the code.
    const admin = await signInAs(t, 'GLOBAL_ADMIN');
    expect((await claim(admin, foreign.id, pairing.code)).statusCode).toBe(200);
    const paired = await ask(pairing.pairing_secret);
    expect(paired.json().data.session.screen_id).toBe(foreign.id);
  });

  it('refuses a disabled screen before any code is tried', async () => {
    const screen = await createScreen(t.db, outlets.A, { status: 'DISABLED' });
    const pairing = await newPairing();
    const response = await claim(outletAdmin, screen.id, pairing.code);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Screen ${screen.screenCode} is disabled; enable it before pairing a display with it`,
    );
    // A screen disabled after the claim: the display is refused as a passcode sign-in would be.
    const active = await createScreen(t.db, outlets.A);
    expect((await claim(outletAdmin, active.id, pairing.code)).statusCode).toBe(200);
    await t.db.update(screens).set({ status: 'DISABLED' }).where(eq(screens.id, active.id));
    const display = await ask(pairing.pairing_secret);
    expect(display.statusCode).toBe(403);
    expect(display.json().message).toBe('This screen has been disabled by its outlet admin');
  });

  it('refuses the 21st wrong code in a minute from one address with 429; right codes are not counted', async () => {
    expect(PAIRING_GUESS_POLICY.free).toBe(20);
    const screen = await createScreen(t.db, outlets.A);
    const address = nextAddress();
    const right = await newPairing();
    const wrongCodes = Array.from({ length: 20 }, (_, i) => `WR${PAIRING_CODE_ALPHABET[i]}Z2${i % 2 ? 'A' : 'B'}`);
    for (const [i, code] of wrongCodes.entries()) {
      // A right code among the wrong ones is not a wrong guess.
      if (i === 10) expect((await claim(outletAdmin, screen.id, right.code, address)).statusCode).toBe(200);
      const response = await claim(outletAdmin, screen.id, code, address);
      expect(response.statusCode, `wrong guess ${i + 1}`).toBe(404);
    }

    const refused = await claim(outletAdmin, screen.id, 'WRZZZ2', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong pairing codes from your network. Try again in 1 minute(s).',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Even a right code waits out the minute from there; another address is not slowed.
    const next = await newPairing();
    expect((await claim(outletAdmin, screen.id, next.code, address)).statusCode).toBe(429);
    expect((await claim(outletAdmin, screen.id, next.code, nextAddress())).statusCode).toBe(200);
  });

  it('refuses the 31st new code in a minute from one address with 429', async () => {
    const address = nextAddress();
    for (let i = 0; i < 30; i++) await newPairing(address);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/screen-auth/pairing-codes',
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many requests'),
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/screen-auth/pairing-codes', remoteAddress: nextAddress() }))
        .statusCode,
    ).toBe(201);
  });
});
