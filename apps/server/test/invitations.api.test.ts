import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../src/db/schema.ts';
import { type Mailer, smtpMailer } from '../src/lib/mailer.ts';
import type { InvitationSettings } from '../src/modules/users/invitations.ts';
import { type ReceivedMail, startSmtpServer } from './helpers/alert-peers.ts';
import { createOutlet, createUser } from './helpers/factories.ts';
import { loginAs, signedIn, staffRequests } from './helpers/sign-in.ts';
import { databaseKinds, useTestApp } from './helpers/test-app.ts';

const PUBLIC_URL = 'https://ads.example.test';

/** The text of a received e-mail, its quoted-printable soft breaks and escapes undone. */
function textOf(mail: ReceivedMail): string {
  const [head = '', ...body] = mail.raw.split('\r\n\r\n');
  const text = body.join('\r\n\r\n');
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return text;
  return text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The one-time link of an invitation e-mail, and its token. */
function linkOf(mail: ReceivedMail): { link: string; token: string } {
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(textOf(mail))?.[0];
  if (!link) throw new Error(`no link in ${textOf(mail)}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/**
 * Invitations (decision 089), with a real SMTP server: onboarding e-mails a one-time link
 * (hashed, expiring, used once, replaced by a resend or a reset); the invitee sets a password
 * through it and signs in.
 */
describe.each(databaseKinds)('invitations on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The real mailer, refusing while `refusing` is set (a mail server that is down). */
  const mail = { refusing: false, real: undefined as Mailer | undefined };
  const settings: InvitationSettings = { publicUrl: PUBLIC_URL };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mail.real = smtpMailer(smtp.url, 'AdLoop <accounts@adloop.test>');
    settings.mailer = {
      send: async (message) => {
        if (mail.refusing) throw new Error('connect ECONNREFUSED 10.0.0.25:25');
        await mail.real!.send(message);
      },
      close: () => mail.real?.close(),
    };
  });
  afterAll(async () => {
    settings.mailer?.close();
    await smtp?.close();
  });
  const t = useTestApp(kind, { invitations: settings });
  const call = staffRequests(t);
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  let admin: { id: string; token: string };
  let outletId: string;
  beforeAll(async () => {
    const adminUser = await createUser(t.db, { role: 'GLOBAL_ADMIN', name: 'Asha Admin' });
    admin = { id: adminUser.id, token: await loginAs(t.app, adminUser) };
    outletId = (await createOutlet(t.db, { name: 'Cafe One' })).id;
  });

  let sequence = 0;
  /** Onboards an outlet employee of Cafe One as the admin: the answer and the e-mails they were sent. */
  async function invite(name = 'Meera Nair') {
    sequence += 1;
    const email = `meera${sequence}@cafe-one.example`;
    const response = await call('POST', '/api/users', admin.token, {
      name,
      email,
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outletId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const mails = () => smtp.mails.filter((one) => one.rcptTo.includes(email));
    return { email, created: response.json().data, mails };
  }

  it('onboarding e-mails a one-time link naming AdLoop and the inviter instead of answering a temporary password', async () => {
    const { email, created, mails } = await invite();
    expect(created.temporary_password).toBeNull();
    expect(created.invitation_error).toBeNull();
    expect(created.invitation.sent_to).toBe(email);
    const expiresAt = Date.parse(created.invitation.expires_at);
    expect(Math.abs(expiresAt - (Date.now() + 72 * 3600_000))).toBeLessThan(60_000);
    expect(created.user).toMatchObject({
      must_change_password: true,
      invitation_expires_at: created.invitation.expires_at,
    });

    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.subject).toBe('Asha Admin invited you to AdLoop');
    const text = textOf(mails()[0]!);
    expect(text).toContain('Hello Meera Nair,');
    expect(text).toContain('Asha Admin has given you an AdLoop account: Outlet employee at Cafe One.');
    expect(text).toContain(`sign in at ${PUBLIC_URL}/login with your email, ${email}`);
    const { link, token } = linkOf(mails()[0]!);
    expect(link.startsWith(`${PUBLIC_URL}/set-password?token=`)).toBe(true);
    expect(token).toMatch(/^[\w-]{43}$/);

    // Only the token's hash is stored.
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, created.user.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.invitedBy).toBe(admin.id);
  });

  it('the invitee sets a password through the link once, then signs in with it', async () => {
    const { email, created, mails } = await invite('Kiran Rao');
    const { token } = linkOf(mails()[0]!);

    const lookup = await post('/api/auth/invitation', { token });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toEqual({
      state: 'VALID',
      name: 'Kiran Rao',
      email,
      expires_at: created.invitation.expires_at,
    });

    const weak = await post('/api/auth/set-password', { token, new_password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toEqual([
      { path: 'new_password', message: 'This password is too common; choose another' },
    ]);
    const short = await post('/api/auth/set-password', { token, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual({
      path: 'body.new_password',
      message: 'Password must be at least 8 characters',
    });

    const set = await post('/api/auth/set-password', { token, new_password: 'kiran-chooses-tea' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ email });

    const again = await post('/api/auth/set-password', { token, new_password: 'someone-elses-pick' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'GONE',
      message: 'A password has already been chosen for this account. Sign in with it.',
    });
    expect((await post('/api/auth/invitation', { token })).json().data).toEqual({
      state: 'USED',
      name: null,
      email: null,
      expires_at: null,
    });

    const login = await post('/api/auth/login', { email, password: 'kiran-chooses-tea' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.must_change_password).toBe(false);
    expect(login.json().data.password_change_token).toBeUndefined();
    expect((await call('GET', '/api/ads', login.json().data.token)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'someone-elses-pick' })).statusCode).toBe(401);
    const record = await call('GET', `/api/users/${created.user.id}`, admin.token);
    expect(record.json().data).toMatchObject({ must_change_password: false, invitation_expires_at: null });
  });

  it('of two requests racing with one link, one sets the password and the other is refused', async () => {
    const { email, mails } = await invite();
    const { token } = linkOf(mails()[0]!);
    const answers = await Promise.all([
      post('/api/auth/set-password', { token, new_password: 'first-racer-wins' }),
      post('/api/auth/set-password', { token, new_password: 'second-racer-wins' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const winner = answers[0]!.statusCode === 200 ? 'first-racer-wins' : 'second-racer-wins';
    expect((await post('/api/auth/login', { email, password: winner })).statusCode).toBe(200);
  });

  it('an expired link is refused; a resend e-mails a new one and the old one stays refused', async () => {
    const { email, created, mails } = await invite();
    const first = linkOf(mails()[0]!).token;
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, created.user.id));

    expect((await post('/api/auth/invitation', { token: first })).json().data.state).toBe('EXPIRED');
    const expired = await post('/api/auth/set-password', { token: first, new_password: 'too-late-for-this' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This invitation link has expired. Ask whoever invited you to send a new one.');

    const resend = await call('POST', `/api/users/${created.user.id}/invitation`, admin.token);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data.invitation.sent_to).toBe(email);
    expect(resend.json().data.user.invitation_expires_at).toBe(resend.json().data.invitation.expires_at);
    expect(mails()).toHaveLength(2);
    const second = linkOf(mails()[1]!).token;
    expect(second).not.toBe(first);
    expect((await post('/api/auth/invitation', { token: first })).json().data.state).toBe('REPLACED');
    expect((await post('/api/auth/set-password', { token: second, new_password: 'right-on-time' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/login', { email, password: 'right-on-time' })).statusCode).toBe(200);
  });

  it('a resend replaces a link still good; a password reset replaces it too, and a deactivated account opens none', async () => {
    const { created, mails } = await invite();
    const first = linkOf(mails()[0]!).token;
    expect((await call('POST', `/api/users/${created.user.id}/invitation`, admin.token)).statusCode).toBe(200);
    const replaced = await post('/api/auth/set-password', { token: first, new_password: 'an-old-link-pick' });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().message).toBe(
      'A newer invitation replaced this link. Use the link in the latest e-mail, or ask for a new one.',
    );

    const second = linkOf(mails()[1]!).token;
    const reset = await call('POST', `/api/users/${created.user.id}/reset-password`, admin.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.user.invitation_expires_at).toBeNull();
    expect((await post('/api/auth/invitation', { token: second })).json().data.state).toBe('REPLACED');

    const third = await invite();
    await call('DELETE', `/api/users/${third.created.user.id}`, admin.token);
    const token = linkOf(third.mails()[0]!).token;
    expect((await post('/api/auth/invitation', { token })).json().data.state).toBe('INVALID');
    expect((await post('/api/auth/set-password', { token, new_password: 'deactivated-pick' })).statusCode).toBe(410);
  });

  it('a link nobody was sent is not valid', async () => {
    const token = 'x'.repeat(43);
    expect((await post('/api/auth/invitation', { token })).json().data.state).toBe('INVALID');
    const refused = await post('/api/auth/set-password', { token, new_password: 'guessing-is-futile' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('This link is not valid. Ask whoever invited you to send a new one.');
    expect((await post('/api/auth/set-password', { token: 'short', new_password: 'x-long-enough' })).statusCode).toBe(
      400,
    );
  });

  it('a resend is refused for someone who has chosen a password, for oneself, and outside the caller’s outlets', async () => {
    const { created, mails } = await invite();
    await post('/api/auth/set-password', { token: linkOf(mails()[0]!).token, new_password: 'chosen-already-ok' });
    const chosen = await call('POST', `/api/users/${created.user.id}/invitation`, admin.token);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().message).toBe(`${created.user.name} has already chosen a password`);
    expect((await call('POST', `/api/users/${admin.id}/invitation`, admin.token)).statusCode).toBe(403);

    const pending = await invite();
    const elsewhere = await signedIn(t.app, t.db, 'OUTLET_ADMIN', { outletIds: [(await createOutlet(t.db)).id] });
    expect((await call('POST', `/api/users/${pending.created.user.id}/invitation`, elsewhere.token)).statusCode).toBe(
      404,
    );
    const employee = await signedIn(t.app, t.db, 'OUTLET_EMPLOYEE', { outletIds: [outletId] });
    expect((await call('POST', `/api/users/${pending.created.user.id}/invitation`, employee.token)).statusCode).toBe(
      403,
    );
  });

  it('without PUBLIC_URL the link names the origin the inviting browser sent', async () => {
    settings.publicUrl = undefined;
    try {
      const email = 'origin.check@cafe-one.example';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${admin.token}`, origin: 'https://dashboard.cafe-one.example' },
        payload: { name: 'Origin Check', email, role: 'OUTLET_EMPLOYEE', outlet_ids: [outletId] },
      });
      expect(response.statusCode).toBe(201);
      const mail = smtp.mails.find((one) => one.rcptTo.includes(email))!;
      expect(linkOf(mail).link.startsWith('https://dashboard.cafe-one.example/set-password?token=')).toBe(true);
    } finally {
      settings.publicUrl = PUBLIC_URL;
    }
  });

  it('when the mail server refuses, onboarding answers a temporary password instead and a resend is a 502', async () => {
    const { created, mails } = await invite();
    const first = linkOf(mails()[0]!).token;
    mail.refusing = true;
    try {
      const response = await call('POST', '/api/users', admin.token, {
        name: 'Dev Patel',
        email: 'dev.patel@cafe-one.example',
        role: 'OUTLET_EMPLOYEE',
        outlet_ids: [outletId],
      });
      expect(response.statusCode).toBe(201);
      const fallback = response.json().data;
      expect(fallback).toMatchObject({ invitation: null, invitation_error: 'The invitation e-mail could not be sent' });
      expect(fallback.temporary_password).toMatch(/^[A-Za-z2-9]{12}$/);
      expect(fallback.user.invitation_expires_at).toBeNull();
      expect(await t.db.select().from(invitations).where(eq(invitations.userId, fallback.user.id))).toEqual([]);
      const session = await post('/api/auth/login', {
        email: 'dev.patel@cafe-one.example',
        password: fallback.temporary_password,
      });
      expect(session.statusCode).toBe(200);

      const resend = await call('POST', `/api/users/${created.user.id}/invitation`, admin.token);
      expect(resend.statusCode).toBe(502);
      expect(resend.json().code).toBe('EMAIL_NOT_SENT');
    } finally {
      mail.refusing = false;
    }
    // The link sent before still works: a failed resend replaces nothing.
    expect((await post('/api/auth/invitation', { token: first })).json().data.state).toBe('VALID');
  });
});

describe.each(databaseKinds)('onboarding without SMTP on %s', (kind) => {
  const t = useTestApp(kind);
  const call = staffRequests(t);

  it('answers a temporary password as before, and a resend says e-mail is not configured', async () => {
    const admin = await signedIn(t.app, t.db, 'GLOBAL_ADMIN');
    const outlet = await createOutlet(t.db);
    const response = await call('POST', '/api/users', admin.token, {
      name: 'No Mail',
      email: 'no.mail@cafe.example',
      role: 'OUTLET_EMPLOYEE',
      outlet_ids: [outlet.id],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({ invitation: null, invitation_error: null });
    expect(created.temporary_password).toMatch(/^[A-Za-z2-9]{12}$/);
    const [user] = await t.db.select().from(users).where(eq(users.id, created.user.id));
    expect(user!.mustChangePassword).toBe(true);
    const resend = await call('POST', `/api/users/${created.user.id}/invitation`, admin.token);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toContain('SMTP_URL is not set');
  });
});
