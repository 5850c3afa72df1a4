import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { COMPANY_ROLES, OUTLET_ROLES } from '@adloop/contract/roles';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { alertDeliveries, alerts, companyUsers, outlets, outletUsers, users } from '../../db/schema.ts';
import {
  type NetworkTargetPolicy,
  REFUSE_PRIVATE_TARGETS,
  type ResolvedAddress,
  type ResolveHost,
  resolveNetworkTarget,
} from '../../lib/network-targets.ts';
import { alertEmail } from './alert-messages.ts';
import { alertViewColumns, toAlertView } from './alert-view.ts';

/** Where alerts go besides the dashboard; a channel left out is off. */
export interface AlertChannels {
  email?: { send(message: { bcc: string[]; subject: string; text: string }): Promise<void> };
  /** The global webhook; outlets may have their own as well. */
  webhook?: { url: string; secret: string };
  /** Which addresses outlets' webhooks may reach (decision 075); private ones are refused unless given. */
  webhookTargets?: NetworkTargetPolicy;
}

export interface AlertChannelConfig {
  smtpUrl?: string;
  emailFrom: string;
  webhookUrl?: string;
  webhookSecret?: string;
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS` (decision 075). */
  allowPrivateWebhookTargets?: boolean;
  /** The system resolver unless given (tests). */
  resolveHost?: ResolveHost;
}

/** The channels of the server's configuration (SMTP through nodemailer), and how to let them go. */
export function alertChannels(config: AlertChannelConfig): AlertChannels & { close(): void } {
  // Bounded well inside a delivery's claim, so a stuck mail server never lets another process send it again.
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  return {
    email: transport
      ? {
          send: async (message) => {
            await transport.sendMail({ from: config.emailFrom, ...message });
          },
        }
      : undefined,
    webhook:
      config.webhookUrl && config.webhookSecret ? { url: config.webhookUrl, secret: config.webhookSecret } : undefined,
    webhookTargets: { allowPrivate: config.allowPrivateWebhookTargets ?? false, resolveHost: config.resolveHost },
    close: () => transport?.close(),
  };
}

export const SIGNATURE_HEADER = 'X-AdLoop-Signature';
export const MAX_DELIVERY_ATTEMPTS = 5;
/** A claimed delivery is someone's for this long; a process that dies mid-send lets it go after. */
const CLAIM_MS = 2 * 60_000;
const BASE_BACKOFF_MS = 30_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH_SIZE = 20;

/** `sha256=<hex HMAC of the body>`, as the receiver recomputes it. */
export const signBody = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** 30 s, 1 min, 2 min, 4 min… after the nth failed attempt. */
export const backoffMs = (attempts: number) => BASE_BACKOFF_MS * 2 ** (attempts - 1);

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who is e-mailed about an outlet's screens: its staff and the global admins who have not opted out. */
async function emailRecipients(tx: Tx, outletId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .leftJoin(outletUsers, and(eq(outletUsers.userId, users.id), eq(outletUsers.outletId, outletId)))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.alertEmails, true),
        or(
          eq(users.role, 'GLOBAL_ADMIN'),
          and(inArray(users.role, [...OUTLET_ROLES]), sql`${outletUsers.outletId} is not null`),
        ),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/** Who is e-mailed about an advertiser's campaign: its company staff and the global admins who have not opted out. */
async function companyEmailRecipients(tx: Tx, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .leftJoin(companyUsers, and(eq(companyUsers.userId, users.id), eq(companyUsers.companyId, companyId)))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.alertEmails, true),
        or(
          eq(users.role, 'GLOBAL_ADMIN'),
          and(inArray(users.role, [...COMPANY_ROLES]), sql`${companyUsers.companyId} is not null`),
        ),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

/**
 * Queues an alert's deliveries in the transaction that raised it: one per channel and target. A
 * screen alert goes to its outlet's staff and webhook; a campaign's (`{ companyId }`) to the
 * advertiser's staff; both to the global admins and the server's webhook.
 */
export async function enqueueDeliveries(
  tx: Tx,
  alertId: string,
  subject: string | { companyId: string },
  channels: AlertChannels,
  now: Date,
) {
  const queued: (typeof alertDeliveries.$inferInsert)[] = [];
  if (channels.email) {
    const recipients =
      typeof subject === 'string'
        ? await emailRecipients(tx, subject)
        : await companyEmailRecipients(tx, subject.companyId);
    if (recipients.length > 0)
      queued.push({ alertId, channel: 'EMAIL', target: 'smtp', recipients, nextAttemptAt: now });
  }
  const urls = new Set<string>();
  if (typeof subject === 'string') {
    const [outlet] = await tx
      .select({ url: outlets.alertWebhookUrl, secret: outlets.alertWebhookSecret })
      .from(outlets)
      .where(eq(outlets.id, subject));
    if (outlet?.url && outlet.secret) urls.add(outlet.url);
  }
  if (channels.webhook) urls.add(channels.webhook.url);
  for (const url of urls) queued.push({ alertId, channel: 'WEBHOOK', target: url, nextAttemptAt: now });
  if (queued.length > 0) await tx.insert(alertDeliveries).values(queued).onConflictDoNothing();
}

/** Claims the deliveries that are due, so no other process sends them meanwhile. */
async function claimDue(db: Database, now: Date) {
  const due = db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.status, 'PENDING'), lte(alertDeliveries.nextAttemptAt, now)))
    .orderBy(asc(alertDeliveries.nextAttemptAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(alertDeliveries)
    .set({ attempts: sql`${alertDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(alertDeliveries.id, due))
    .returning();
}

/** A lookup that answers the address already checked, whatever the name resolves to by now. */
const pinnedLookup =
  ({ address, family }: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * Posts to the address `pinned` when given (TLS still checks the certificate against the URL's
 * host name). A redirect is an answer like any other non-2xx: never followed.
 */
function postWebhook(url: string, pinned: ResolvedAddress | undefined, secret: string, body: string): Promise<void> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [SIGNATURE_HEADER]: signBody(body, secret),
        },
        lookup: pinned && pinnedLookup(pinned),
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`webhook answered ${status}`));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The secret a webhook target is signed with now: the global one's, or its outlet's. */
function webhookSecret(target: string, outlet: { url: string | null; secret: string | null }, channels: AlertChannels) {
  if (outlet.url === target && outlet.secret) return outlet.secret;
  if (channels.webhook?.url === target) return channels.webhook.secret;
  return undefined;
}

/**
 * Sends what is due, each claimed by one process; a failure is retried with exponential backoff
 * up to MAX_DELIVERY_ATTEMPTS, and every attempt is logged on the delivery row.
 */
export async function deliverDue(
  db: Database,
  channels: AlertChannels,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const delivery of await claimDue(db, now)) {
    try {
      const [row] = await db
        .select({ ...alertViewColumns, webhookUrl: outlets.alertWebhookUrl, webhookSecret: outlets.alertWebhookSecret })
        .from(alerts)
        .leftJoin(outlets, eq(outlets.id, alerts.outletId))
        .where(eq(alerts.id, delivery.alertId));
      if (!row) throw new Error('alert no longer exists');
      const alert = toAlertView(row);
      if (delivery.channel === 'EMAIL') {
        if (!channels.email) throw new Error('e-mail is not configured');
        await channels.email.send({ bcc: delivery.recipients, ...alertEmail(alert) });
      } else {
        const secret = webhookSecret(delivery.target, { url: row.webhookUrl, secret: row.webhookSecret }, channels);
        if (!secret) throw new Error('webhook is no longer configured');
        // The server's own ALERT_WEBHOOK_URL is its operator's; an outlet's is checked again now, since
        // its name may resolve elsewhere than when it was saved, and the post goes to what was checked.
        const pinned =
          channels.webhook?.url === delivery.target
            ? undefined
            : await resolveNetworkTarget(delivery.target, channels.webhookTargets ?? REFUSE_PRIVATE_TARGETS);
        await postWebhook(delivery.target, pinned, secret, JSON.stringify(alert));
      }
      await db
        .update(alertDeliveries)
        .set({ status: 'SENT', sentAt: now, lastError: null })
        .where(eq(alertDeliveries.id, delivery.id));
      sent += 1;
    } catch (error) {
      const givenUp = delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
      await db
        .update(alertDeliveries)
        .set({
          status: givenUp ? 'FAILED' : 'PENDING',
          lastError: (error as Error).message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(delivery.attempts)),
        })
        .where(eq(alertDeliveries.id, delivery.id));
      failed += 1;
    }
  }
  return { sent, failed };
}
