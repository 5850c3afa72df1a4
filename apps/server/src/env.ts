import { DEFAULT_INTEGRATION_TOKEN_REQUESTS_PER_MINUTE } from '@adloop/contract/integration-tokens';
import { z } from 'zod';
import { DEFAULT_READ_MAX_LAG_MS } from './db/read-replica.ts';
import { DEFAULT_COMPANY_STORAGE_BYTES, DEFAULT_USER_BYTES_PER_HOUR } from './modules/media/media-limits.ts';

const byteCount = z.coerce
  .number({ message: 'must be a number of bytes' })
  .int('must be a whole number of bytes')
  .positive();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const settings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A streaming replica of DATABASE_URL that analytics and the playback log read from (decision 098). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Beyond this lag (ms) the replica's reads go to the primary (decision 098). */
  DATABASE_READ_MAX_LAG_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be whole milliseconds')
    .min(0)
    .default(DEFAULT_READ_MAX_LAG_MS),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an email address').default('admin@adloop.app'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  DEMO_SCREEN_PASSCODE: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional(),
  DEMO_USER_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Pub/sub channel of the fan-out; Redis channels span its numbered databases, so deployments sharing one differ here. */
  REDIS_CHANNEL: z.string().min(1).default('adloop:events'),
  /** Reverse proxies in front whose X-Forwarded-For names the client (per-IP limits); 0 = none, the socket's address. */
  TRUST_PROXY: z.coerce
    .number({ message: 'must be a number of proxies' })
    .int('must be a whole number')
    .min(0)
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line an event; `json`: pino's JSON lines; `auto`: pretty on a terminal outside production. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** How long a stop (SIGTERM, SIGINT) may wait for requests in flight and the database; then the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int('must be whole milliseconds').min(100).default(10_000),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Media one company may hold, in bytes (decision 044). */
  MEDIA_QUOTA_BYTES: byteCount.default(DEFAULT_COMPANY_STORAGE_BYTES),
  /** Media one user may upload in any hour, in bytes (decision 044). */
  MEDIA_UPLOAD_RATE_BYTES_PER_HOUR: byteCount.default(DEFAULT_USER_BYTES_PER_HOUR),
  /** Screen traffic is shed (503) while the event loop's mean delay is above this, in ms (decision 045). */
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int('must be whole milliseconds').min(10).default(100),
  /** Where offline alerts are e-mailed through (decision 052); unset = no alert e-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  ALERT_EMAIL_FROM: z.string().min(3).default('AdLoop alerts <alerts@adloop.app>'),
  /** Sender of invitation e-mails (decision 089); "AdLoop" at ALERT_EMAIL_FROM's address unless set. */
  INVITATION_EMAIL_FROM: z.string().min(3).optional(),
  /**
   * The origin people reach AdLoop at, as links in e-mails name it (decision 089), e.g.
   * `https://ads.example.com`; unset, an invitation links to the origin the inviting browser used.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .refine((value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    }, 'must be an origin only, such as https://ads.example.com (no path, query or credentials)')
    .transform((value) => new URL(value).origin)
    .optional(),
  /** Every alert is also posted here, signed with the secret (outlets may add their own). */
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Outlets' webhooks may name loopback, private and link-local addresses too (decision 075); off = public only. */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  /** Requests one integration token may make in a minute, per server process (decision 095); over it, 429 + Retry-After. */
  INTEGRATION_TOKEN_REQUESTS_PER_MINUTE: z.coerce
    .number({ message: 'must be a number of requests' })
    .int('must be a whole number of requests')
    .min(1)
    .default(DEFAULT_INTEGRATION_TOKEN_REQUESTS_PER_MINUTE),
  /**
   * Whole months of plays kept in the database (decision 097); older months are archived to
   * DATA_DIR/archive/playback_logs/ and their partitions dropped. Unset = every play is kept.
   */
  PLAY_RETENTION_MONTHS: z.coerce
    .number({ message: 'must be a number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .optional(),
  /** Bearer token a Prometheus scraper sends to GET /metrics (decision 058); unset = /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, 'must be at least 16 characters without spaces')
    .optional(),
});

/** Every setting the server reads, validated once at start (docs/design.md §4). */
export const envSchema = settings
  .refine((env) => !env.ALERT_WEBHOOK_URL || env.ALERT_WEBHOOK_SECRET, {
    message: 'is required with ALERT_WEBHOOK_URL',
    path: ['ALERT_WEBHOOK_SECRET'],
  })
  .refine((env) => !env.DATABASE_READ_URL || env.DATABASE_URL, {
    message: 'needs DATABASE_URL: a read replica is of a PostgreSQL primary, not of the embedded database',
    path: ['DATABASE_READ_URL'],
  })
  .refine((env) => !env.DATABASE_READ_URL || env.DATABASE_READ_URL !== env.DATABASE_URL, {
    message: 'names the same database as DATABASE_URL; leave it unset to read from the primary',
    path: ['DATABASE_READ_URL'],
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; empty strings count as unset so `FOO= npm start` behaves. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return parsed.data;
}
