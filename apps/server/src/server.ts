import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { parseEnv } from './env.ts';
import { type EventBus, InProcessEventBus } from './lib/event-bus.ts';
import { loadJwtSecret } from './lib/jwt-secret.ts';
import { readableLogStream, resolveLogFormat } from './lib/log-format.ts';
import { logSerializers } from './lib/log-serializers.ts';
import { senderNamed, smtpMailer } from './lib/mailer.ts';
import { RedisEventBus } from './lib/redis-event-bus.ts';
import { alertChannels } from './modules/alerts/alert-delivery.ts';
import { type SeedResult, seedOnFirstStart } from './seed/seed.ts';

const env = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();

// A person at a terminal reads one line an event; log collectors get JSON.
const logDestination =
  resolveLogFormat(env.LOG_FORMAT, { nodeEnv: env.NODE_ENV, isTty: process.stdout.isTTY === true }) === 'pretty'
    ? readableLogStream()
    : undefined;
const loggerOptions = { level: env.LOG_LEVEL, serializers: logSerializers };

const dataDir = path.resolve(env.DATA_DIR);
const mediaDir = path.join(dataDir, 'media');
const webDistDir = env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
);
await database.migrate();
// Analytics and the playback log may read from a streaming replica (decision 098); it is never migrated nor written.
const readDatabase = env.DATABASE_READ_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_READ_URL, readOnly: true })
  : undefined;
const seeded = await seedOnFirstStart(database.db, {
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
  seedDemo: env.SEED_DEMO,
  demoScreenPasscode: env.DEMO_SCREEN_PASSCODE,
  demoUserPassword: env.DEMO_USER_PASSWORD,
  mediaDir,
});

// The bus is connected before the app (and its logger) exists, so it logs through its own pino.
const bus: EventBus = env.REDIS_URL
  ? await RedisEventBus.connect({
      url: env.REDIS_URL,
      channel: env.REDIS_CHANNEL,
      logger: (logDestination ? pino(loggerOptions, logDestination) : pino(loggerOptions)).child({
        module: 'event-bus',
      }),
    })
  : new InProcessEventBus();

const channels = alertChannels({
  smtpUrl: env.SMTP_URL,
  emailFrom: env.ALERT_EMAIL_FROM,
  webhookUrl: env.ALERT_WEBHOOK_URL,
  webhookSecret: env.ALERT_WEBHOOK_SECRET,
  allowPrivateWebhookTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
});

const invitationMailer = env.SMTP_URL
  ? smtpMailer(env.SMTP_URL, env.INVITATION_EMAIL_FROM ?? senderNamed('AdLoop', env.ALERT_EMAIL_FROM))
  : undefined;

const app = await buildApp({
  database,
  replica: readDatabase ? { database: readDatabase, maxLagMs: env.DATABASE_READ_MAX_LAG_MS } : undefined,
  jwtSecret: await loadJwtSecret(env.JWT_SECRET, dataDir),
  mediaDir,
  webDistDir,
  bus,
  logger: logDestination ? { ...loggerOptions, stream: logDestination } : loggerOptions,
  uploadLimits: {
    companyStorageBytes: env.MEDIA_QUOTA_BYTES,
    userBytesPerHour: env.MEDIA_UPLOAD_RATE_BYTES_PER_HOUR,
  },
  alerts: { channels },
  pacing: {},
  admission: { maxEventLoopDelayMs: env.ADMISSION_MAX_EVENT_LOOP_DELAY_MS },
  metricsToken: env.METRICS_TOKEN,
  integrationTokens: { requestsPerMinute: env.INTEGRATION_TOKEN_REQUESTS_PER_MINUTE },
  trustProxyHops: env.TRUST_PROXY,
  webhookTargets: { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS },
  invitations: { mailer: invitationMailer, publicUrl: env.PUBLIC_URL },
  playStorage: { dataDir, retentionMonths: env.PLAY_RETENTION_MONTHS },
});
app.addHook('onClose', async () => {
  channels.close();
  invitationMailer?.close();
});
if (invitationMailer && !env.PUBLIC_URL) {
  app.log.warn("SMTP_URL is set without PUBLIC_URL: invitation links name the origin of the inviting admin's browser");
}
app.log.info(
  env.REDIS_URL ? { bus: 'redis', channel: env.REDIS_CHANNEL } : { bus: 'in-process' },
  env.REDIS_URL ? 'changes fan out to every server process through Redis' : 'changes fan out within this process only',
);

// A stop finishes the requests in flight and closes the database, within a time limit: a client
// that never finishes its request must not keep a deployment's old process alive. A second
// signal stops at once.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) {
      app.log.warn({ signal }, 'stopping now, without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long: exiting with requests still open');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await database.close();
    await readDatabase?.close();
    app.log.info('shut down');
    process.exit(0);
  });
}

await app.listen({ host: env.HOST, port: env.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
await printWelcome(`http://localhost:${port}`, seeded);

async function printWelcome(origin: string, seed: SeedResult | null) {
  const lines = [`AdLoop is running on ${origin} (database: ${database.kind})`, `API docs: ${origin}/api/docs`];
  if (seed) {
    lines.push(
      '',
      `Staff sign-in:  ${origin}/login`,
      `  email:        ${seed.admin.email}`,
      `  password:     ${seed.admin.password}`,
    );
    if (seed.screen) {
      lines.push(
        '',
        `Screen sign-in: ${origin}/ad/screen`,
        `  Screen ID:    ${seed.screen.screenCode}`,
        `  passcode:     ${seed.screen.passcode}`,
      );
    }
    if (seed.staff) {
      lines.push('', `Demo staff of the other roles (password ${seed.staff.password}):`);
      for (const [role, email] of Object.entries(seed.staff.emails)) lines.push(`  ${role.padEnd(17)} ${email}`);
    }
    // Kept for whoever missed the console; data/ is never committed.
    await writeFile(path.join(dataDir, 'first-run-credentials.txt'), `${lines.join('\n')}\n`, { mode: 0o600 });
    lines.push('', `These details are also saved in ${path.join(dataDir, 'first-run-credentials.txt')}`);
  } else {
    lines.push('', `Existing data kept. First-run sign-in details: ${path.join(dataDir, 'first-run-credentials.txt')}`);
  }
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const bar = '─'.repeat(width);
  console.log(`\n┌${bar}┐\n${lines.map((line) => `│ ${line.padEnd(width - 1)}│`).join('\n')}\n└${bar}┘\n`);
}
