import { AD_REVISION_STATUSES, AD_STATUSES, AD_TYPES, AD_VERSION_KINDS, type AdContent } from '@adloop/contract/ads';
import type { UnderDeliveryDetails } from '@adloop/contract/alerts';
import { CAMPAIGN_STATUSES, GOAL_KINDS, type LineItemTargeting, PACINGS } from '@adloop/contract/campaigns';
import { OUTLET_TIERS, TAKEOVER_KINDS } from '@adloop/contract/constants';
import { SHORTFALL_RESOLUTION_KINDS } from '@adloop/contract/make-goods';
import type { VariantContent } from '@adloop/contract/variants';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Staff users. `role` holds one of the contract's role codes; unknown codes map to UNMAPPED. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Whether offline alerts of the user's screens reach them by e-mail (decision 052). */
    alertEmails: boolean('alert_emails').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
);

/** One signed-in staff session; a JWT names its session, so revoking the row ends the token. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/**
 * An e-mailed one-time link with which an invited staff user chooses their first password
 * (decision 089): only the token's SHA-256 is kept; it works once, before it expires, unless a
 * newer invitation of the same user replaced it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invitations_token_hash_uq').on(t.tokenHash), index('invitations_user_idx').on(t.userId)],
);

/**
 * Sign-in throttles (decision 040), counted whether or not the code or account exists: a screen code
 * or email tried from one network, the same from every network (ip ''), or one network across all
 * screen codes (subject '').
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'sign_in_throttles_pk', columns: [t.scope, t.subject, t.ip] })],
);

export const pincodes = pgTable('pincodes', {
  code: text('code').primaryKey(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  createdAt: createdAt(),
});

/**
 * Advertisers ("ad companies"), and each outlet's house account (decision 090): the owner of the
 * outlet's own content, never billed, which carries the outlet's id as its own.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set on an outlet's house account: the outlet, whose id the account shares. Null for an advertiser. */
    houseOutletId: uuid('house_outlet_id').references((): AnyPgColumn => outlets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Advertisers' names are unique; a house account is named after its outlet, whose name need not be.
    uniqueIndex('companies_name_lower_uq').on(sql`lower(${t.name})`).where(sql`${t.houseOutletId} is null`),
    uniqueIndex('companies_house_outlet_uq').on(t.houseOutletId),
    check('companies_house_account_id', sql`${t.houseOutletId} is null or ${t.houseOutletId} = ${t.id}`),
  ],
);

/** Venues that own screens. Commission is in basis points of a play's rate (1500 = 15 %). */
export const outlets = pgTable(
  'outlets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    outletCode: text('outlet_code').notNull(),
    address: text('address').notNull().default(''),
    city: text('city'),
    pincode: text('pincode').references(() => pincodes.code, { onUpdate: 'cascade' }),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    commissionBps: integer('commission_bps').notNull().default(0),
    /** Pricing tier of the venue (decision 033): the rate card prices a play by it. */
    tier: text('tier', { enum: OUTLET_TIERS }).notNull().default('STANDARD'),
    /** Minutes without a heartbeat before a screen counts as offline; null = the default 5 (decision 052). */
    offlineAlertMinutes: integer('offline_alert_minutes'),
    /** The outlet's own alert webhook, signed with its secret, besides the global one. */
    alertWebhookUrl: text('alert_webhook_url'),
    alertWebhookSecret: text('alert_webhook_secret'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outlets_code_uq').on(t.outletCode),
    check('outlets_tier_valid', sql`${t.tier} in ('STANDARD', 'PREMIUM', 'FLAGSHIP')`),
    index('outlets_pincode_idx').on(t.pincode),
    check('outlets_commission_bps_range', sql`${t.commissionBps} between 0 and 10000`),
  ],
);

export const companyUsers = pgTable(
  'company_users',
  {
    /** Names the mapping row in the API; the pair stays the primary key. */
    id: uuid('id').notNull().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_users_id_uq').on(t.id),
    index('company_users_user_idx').on(t.userId),
  ],
);

export const outletUsers = pgTable(
  'outlet_users',
  {
    /** Names the mapping row in the API; the pair stays the primary key. */
    id: uuid('id').notNull().defaultRandom(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.outletId, t.userId] }),
    uniqueIndex('outlet_users_id_uq').on(t.id),
    index('outlet_users_user_idx').on(t.userId),
  ],
);

/** Display screens. The passcode is an argon2id hash; wrong guesses are throttled in sign_in_throttles. */
export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    screenCode: text('screen_code').notNull(),
    name: text('name').notNull().default(''),
    passcodeHash: text('passcode_hash').notNull(),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Sessions issued before this instant are refused (passcode reset, disabling). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }).notNull().defaultNow(),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('screens_code_uq').on(t.screenCode),
    index('screens_outlet_idx').on(t.outletId),
    index('screens_tags_idx').using('gin', t.tags),
    check('screens_status_valid', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
  ],
);

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    type: text('type', { enum: AD_TYPES }).notNull(),
    mediaUrl: text('media_url').notNull(),
    /** Seconds an image stays on screen; null for videos, which play to their end. */
    durationSeconds: integer('duration_seconds'),
    status: text('status', { enum: AD_STATUSES }).notNull().default('DRAFT'),
    rejectionReason: text('rejection_reason'),
    /** Set when a global admin paused the ad: then only a global admin may resume it. */
    pausedByAdmin: boolean('paused_by_admin').notNull().default(false),
    /** When the ad last left ACTIVE, set by a trigger (migration 0011); null while ACTIVE (decision 036). */
    inactiveSince: timestamp('inactive_since', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    // Targeting (decision 032): an empty kind matches every screen; AND across kinds, OR within.
    targetTags: text('target_tags').array().notNull().default(sql`'{}'::text[]`),
    targetOutletIds: uuid('target_outlet_ids').array().notNull().default(sql`'{}'::uuid[]`),
    targetPincodes: text('target_pincodes').array().notNull().default(sql`'{}'::text[]`),
    targetCities: text('target_cities').array().notNull().default(sql`'{}'::text[]`),
    // Schedule, in the outlet's time zone; the player applies it (decision 032).
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{}'::integer[]`),
    startTime: time('start_time'),
    endTime: time('end_time'),
    priority: integer('priority').notNull().default(0),
    shareOfVoice: integer('share_of_voice').notNull().default(100),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ads_company_idx').on(t.companyId),
    index('ads_status_idx').on(t.status),
    // The screen list's candidate indexes (decision 032, "Measured") are partial GIN indexes over
    // an expression, written by hand in migration 0010 (drizzle-kit cannot declare them).
    check('ads_dates_ordered', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('ads_share_of_voice_range', sql`${t.shareOfVoice} between 1 and 100`),
    check('ads_days_of_week_valid', sql`${t.daysOfWeek} <@ '{0,1,2,3,4,5,6}'::integer[]`),
    check('ads_type_valid', sql`${t.type} in ('IMAGE', 'VIDEO')`),
    check('ads_status_valid', sql`${t.status} in ('DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'PAUSED', 'REJECTED')`),
    check('ads_duration_positive', sql`${t.durationSeconds} is null or ${t.durationSeconds} > 0`),
  ],
);

/**
 * Each save of an ad (decision 031): its creative and status as saved, who saved it and how.
 * Review steps change only `ads.status` and are not versions (decision 009).
 */
export const adVersions = pgTable(
  'ad_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: AD_TYPES }).notNull(),
    mediaUrl: text('media_url').notNull(),
    durationSeconds: integer('duration_seconds'),
    status: text('status', { enum: AD_STATUSES }).notNull(),
    kind: text('kind', { enum: AD_VERSION_KINDS }).notNull(),
    /** The version a rollback copied; null for every other kind. */
    rolledBackTo: integer('rolled_back_to'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ad_versions_ad_version_uq').on(t.adId, t.version),
    check('ad_versions_kind_valid', sql`${t.kind} in ('created', 'edited', 'rolled-back', 'recorded')`),
  ],
);

/** Money an advertiser paid or owes, in integer minor units of `currency`. */
export const adTransactions = pgTable(
  'ad_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    method: text('method').notNull(),
    reference: text('reference'),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED', 'REFUNDED'] })
      .notNull()
      .default('PENDING'),
    transactedAt: timestamp('transacted_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ad_transactions_company_time_idx').on(t.companyId, t.transactedAt),
    check('ad_transactions_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('ad_transactions_status_valid', sql`${t.status} in ('PENDING', 'COMPLETED', 'FAILED', 'REFUNDED')`),
  ],
);

/** What an outlet earns for a screen over a period, in integer minor units. */
export const screenPayouts = pgTable(
  'screen_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'restrict' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    plays: integer('plays').notNull().default(0),
    /** The working of the amount: plays × rate = gross; gross × commission = commission; gross − commission = amount. */
    rateMinor: integer('rate_minor').notNull().default(0),
    grossMinor: bigint('gross_minor', { mode: 'number' }).notNull().default(0),
    commissionBps: integer('commission_bps').notNull().default(0),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull().default(0),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['PENDING', 'PAID'] })
      .notNull()
      .default('PENDING'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('screen_payouts_screen_period_uq').on(t.screenId, t.periodStart, t.periodEnd),
    index('screen_payouts_outlet_idx').on(t.outletId, t.periodStart),
    check('screen_payouts_period_order', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('screen_payouts_status_valid', sql`${t.status} in ('PENDING', 'PAID')`),
    check('screen_payouts_amount_nonnegative', sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * Proof of play. The id is generated by the player, so a retried batch inserts nothing twice.
 * `played_at` is the play's own instant; play_date/play_time are its wall-clock parts as the
 * screen reported them (spec §3). In the database the table is partitioned by month of
 * `played_at` (0037, decision 097): its key must hold `played_at`, so an id is kept unique across
 * months by `playback_log_ids`, which a trigger fills on every insert.
 */
export const playbackLogs = pgTable(
  'playback_logs',
  {
    id: uuid('id').notNull(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'restrict' }),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').notNull(),
    outletId: uuid('outlet_id').notNull(),
    adVersion: integer('ad_version'),
    /** The A/B variant shown (decision 034); null when the ad has no variants. */
    variantId: uuid('variant_id').references(() => adVariants.id, { onDelete: 'restrict' }),
    /** What the play costs the advertiser, by the rate card in force at `played_at` (decision 033). */
    priceMinor: integer('price_minor').notNull().default(0),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    playDate: date('play_date').notNull(),
    playTime: time('play_time').notNull(),
    playCount: integer('play_count').notNull().default(1),
    additionalInfo: jsonb('additional_info').notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.playedAt] }),
    index('playback_logs_played_at_idx').on(t.playedAt, t.id),
    index('playback_logs_screen_time_idx').on(t.screenId, t.playedAt, t.id),
    index('playback_logs_ad_time_idx').on(t.adId, t.playedAt, t.id),
    index('playback_logs_company_time_idx').on(t.companyId, t.playedAt, t.id),
    index('playback_logs_outlet_time_idx').on(t.outletId, t.playedAt, t.id),
    check('playback_logs_play_count_positive', sql`${t.playCount} > 0`),
  ],
);

/**
 * The ids of the plays stored lately, once (decision 097): the partitioned log's key is (id,
 * played_at), so this is what makes an id unique across months. Filled by a trigger of
 * `playback_logs` (0037), never written by the code; an id is forgotten once its play is far older
 * than any play the ingestion still accepts (`PLAY_ID_MEMORY_MS`), which keeps the table to a few
 * weeks of plays instead of every play ever. Its `played_at` index is a BRIN one: ids arrive in
 * about the order they played, and it costs an insert next to nothing.
 */
export const playbackLogIds = pgTable(
  'playback_log_ids',
  {
    id: uuid('id').primaryKey(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('playback_log_ids_played_at_idx').using('brin', t.playedAt)],
);

/**
 * A month of plays moved out of the database into `DATA_DIR/archive/playback_logs/` (decision
 * 097), written in the same transaction that drops its partition: the record of where those
 * plays are, and of the play dates whose rollups are their only trace in the database.
 */
export const playbackLogArchives = pgTable(
  'playback_log_archives',
  {
    /** `YYYY-MM`, the UTC month of `played_at`. */
    month: text('month').primaryKey(),
    file: text('file').notNull(),
    rows: integer('rows').notNull(),
    playCountSum: bigint('play_count_sum', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    firstPlayedAt: timestamp('first_played_at', { withTimezone: true }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }),
    /** The latest play date (outlet wall clock) among the month's plays: rollups up to it are never rebuilt. */
    lastPlayDate: date('last_play_date'),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('playback_log_archives_month_format', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`)],
);

export const SCREEN_ACTIVITY_KINDS = ['ONLINE', 'OFFLINE', 'HEARTBEAT'] as const;

export const screenActivity = pgTable(
  'screen_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id').notNull(),
    kind: text('kind', { enum: SCREEN_ACTIVITY_KINDS }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    activityDate: date('activity_date').notNull(),
    activityTime: time('activity_time').notNull(),
    additionalInfo: jsonb('additional_info').notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('screen_activity_screen_time_idx').on(t.screenId, t.occurredAt),
    index('screen_activity_outlet_time_idx').on(t.outletId, t.occurredAt),
    check('screen_activity_kind_valid', sql`${t.kind} in ('ONLINE', 'OFFLINE', 'HEARTBEAT')`),
  ],
);

/**
 * When a screen came online, went offline and came back (decision 048), derived from its
 * activity records as they are stored: each row is made by one record (`source_id`) and its
 * neighbours. The OFFLINE after a screen's newest heartbeat is pending: it counts from `due_at`,
 * the online window after that heartbeat reached the server, unless another arrives first.
 */
export const screenStateChanges = pgTable(
  'screen_state_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id').notNull(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => screenActivity.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ONLINE', 'BACK_ONLINE', 'OFFLINE'] }).notNull(),
    offlineReason: text('offline_reason', { enum: ['DISPLAY_CLOSED', 'MISSED_HEARTBEATS'] }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  (t) => [
    index('screen_state_changes_screen_time_idx').on(t.screenId, t.occurredAt),
    index('screen_state_changes_outlet_time_idx').on(t.outletId, t.occurredAt),
    index('screen_state_changes_time_idx').on(t.occurredAt),
    index('screen_state_changes_source_idx').on(t.sourceId),
    check('screen_state_changes_kind_valid', sql`${t.kind} in ('ONLINE', 'BACK_ONLINE', 'OFFLINE')`),
    check(
      'screen_state_changes_reason_valid',
      sql`(${t.kind} = 'OFFLINE') = (${t.offlineReason} is not null) and ${t.offlineReason} in ('DISPLAY_CLOSED', 'MISSED_HEARTBEATS')`,
    ),
  ],
);

/**
 * Plays per day × ad × screen, kept in the same statement as ingestion so no dashboard query
 * scans raw plays. `play_date` is the screen's own date of the play. The logs stay the source
 * of truth: `npm run rollups:rebuild` recomputes this table from them.
 */
export const playRollupsDaily = pgTable(
  'play_rollups_daily',
  {
    playDate: date('play_date').notNull(),
    adId: uuid('ad_id').notNull(),
    screenId: uuid('screen_id').notNull(),
    companyId: uuid('company_id').notNull(),
    outletId: uuid('outlet_id').notNull(),
    plays: integer('plays').notNull(),
    /** Sum of the plays' prices (decision 033). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /** Σ plays × the screen's impressions per play in the hour of the week played, as estimated when stored (decision 085). */
    impressions: doublePrecision('impressions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.playDate, t.adId, t.screenId] }),
    index('play_rollups_company_date_idx').on(t.companyId, t.playDate),
    index('play_rollups_outlet_date_idx').on(t.outletId, t.playDate),
    index('play_rollups_screen_date_idx').on(t.screenId, t.playDate),
  ],
);

/**
 * How many rows each network-wide daily counter (per ad, per variant) is spread over. Every screen
 * playing an ad grows the same counter; one row would make their batches wait on its lock, one
 * after another, each until the other's commit (decision 100). A screen always writes the same
 * slot; readers sum the slots, and a rebuild writes slot 0.
 */
export const ROLLUP_COUNTER_SLOTS = 16;

/** Plays per day × ad: the series, ads and companies of the network without reading per-screen rows. */
export const playRollupsAdDaily = pgTable(
  'play_rollups_ad_daily',
  {
    playDate: date('play_date').notNull(),
    adId: uuid('ad_id').notNull(),
    /** Which of the ROLLUP_COUNTER_SLOTS partial counters of the day and ad this row is: sum them. */
    slot: smallint('slot').notNull().default(0),
    companyId: uuid('company_id').notNull(),
    plays: integer('plays').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    impressions: doublePrecision('impressions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.playDate, t.adId, t.slot] }),
    index('play_rollups_ad_company_date_idx').on(t.companyId, t.playDate),
  ],
);

/** Plays per day × screen: screens and outlets of the network without reading per-ad rows. */
export const playRollupsScreenDaily = pgTable(
  'play_rollups_screen_daily',
  {
    playDate: date('play_date').notNull(),
    screenId: uuid('screen_id').notNull(),
    outletId: uuid('outlet_id').notNull(),
    plays: integer('plays').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    impressions: doublePrecision('impressions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.playDate, t.screenId] }),
    index('play_rollups_screen_outlet_date_idx').on(t.outletId, t.playDate),
  ],
);

/** Plays per day × A/B variant (decision 034), kept in the ingestion statement like the others. */
export const playRollupsVariantDaily = pgTable(
  'play_rollups_variant_daily',
  {
    playDate: date('play_date').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** Which of the ROLLUP_COUNTER_SLOTS partial counters this row is: sum them. */
    slot: smallint('slot').notNull().default(0),
    adId: uuid('ad_id').notNull(),
    plays: integer('plays').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playDate, t.variantId, t.slot] }),
    index('play_rollups_variant_ad_date_idx').on(t.adId, t.playDate),
  ],
);

/**
 * The rate card (decision 033): a per-play price by outlet tier, with peak dayparts that
 * multiply it. Cards are never edited in place: a new card takes effect from its
 * `effective_from`, so every play is priced by the card in force at its own instant.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    currency: text('currency').notNull().default('INR'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rate_cards_effective_from_uq').on(t.effectiveFrom)],
);

/** Base price of one play at an outlet of `tier`, in minor units. */
export const rateCardTiers = pgTable(
  'rate_card_tiers',
  {
    rateCardId: uuid('rate_card_id')
      .notNull()
      .references(() => rateCards.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: OUTLET_TIERS }).notNull(),
    rateMinor: integer('rate_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rateCardId, t.tier] }),
    check('rate_card_tiers_tier_valid', sql`${t.tier} in ('STANDARD', 'PREMIUM', 'FLAGSHIP')`),
    check('rate_card_tiers_rate_positive', sql`${t.rateMinor} > 0`),
  ],
);

/**
 * A peak window of a card: on `days_of_week` (0 = Sunday; empty = every day), from
 * `start_time` up to but not including `end_time` in the outlet's local time (it may cross
 * midnight), the tier rate is multiplied by multiplier_bps / 10,000.
 */
export const rateCardDayparts = pgTable(
  'rate_card_dayparts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rateCardId: uuid('rate_card_id')
      .notNull()
      .references(() => rateCards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{}'::integer[]`),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    multiplierBps: integer('multiplier_bps').notNull(),
  },
  (t) => [
    index('rate_card_dayparts_card_idx').on(t.rateCardId),
    check('rate_card_dayparts_multiplier_range', sql`${t.multiplierBps} between 1000 and 100000`),
    check('rate_card_dayparts_days_valid', sql`${t.daysOfWeek} <@ '{0,1,2,3,4,5,6}'::integer[]`),
    check('rate_card_dayparts_window', sql`${t.startTime} <> ${t.endTime}`),
  ],
);

/**
 * A/B variants of an ad (decision 034): alternative creatives the player rotates by weight.
 * A variant may carry a tracked short link (`/r/:link_code` counts the scan, then redirects).
 */
export const adVariants = pgTable(
  'ad_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    type: text('type', { enum: AD_TYPES }).notNull(),
    mediaUrl: text('media_url').notNull(),
    durationSeconds: integer('duration_seconds'),
    /** Relative share of the ad's turns; 0 keeps the variant but stops showing it. */
    weight: integer('weight').notNull().default(50),
    linkCode: text('link_code'),
    linkUrl: text('link_url'),
    /** Its creative and link passed review, so screens show it and its link redirects (decision 038). */
    reviewed: boolean('reviewed').notNull().default(false),
    /** A change to a reviewed variant of a live ad awaiting review; the columns above stay on screens. */
    pending: jsonb('pending').$type<Partial<VariantContent>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_variants_ad_label_uq').on(t.adId, sql`lower(${t.label})`),
    uniqueIndex('ad_variants_link_code_uq').on(t.linkCode),
    check('ad_variants_weight_range', sql`${t.weight} between 0 and 100`),
    check('ad_variants_type_valid', sql`${t.type} in ('IMAGE', 'VIDEO')`),
    check('ad_variants_duration_positive', sql`${t.durationSeconds} is null or ${t.durationSeconds} > 0`),
    check('ad_variants_link_pair', sql`(${t.linkCode} is null) = (${t.linkUrl} is null)`),
  ],
);

/**
 * Content review of live ads (decision 038): an advertiser's edit of what screens show, held
 * until a global admin approves it, or the last one rejected with its reason. One per ad.
 */
export const adRevisions = pgTable(
  'ad_revisions',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AD_REVISION_STATUSES }).notNull(),
    /** The proposed content fields, only those that differ from the ad's reviewed ones. */
    changes: jsonb('changes').$type<Partial<AdContent>>().notNull().default({}),
    rejectionReason: text('rejection_reason'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [check('ad_revisions_status_valid', sql`${t.status} in ('PENDING', 'REJECTED')`)],
);

/** One scan of a variant's tracked link (its QR code on a screen). */
export const linkScans = pgTable(
  'link_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => adVariants.id, { onDelete: 'restrict' }),
    adId: uuid('ad_id').notNull(),
    /** The screen whose QR code was scanned, when the link names one. */
    screenId: uuid('screen_id'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** Hash of the variant, the client's address and user agent: one phone (decision 049). */
    clientKey: text('client_key'),
    /** Hash of the variant and the client's address: one network (decision 049). */
    networkKey: text('network_key'),
  },
  (t) => [
    index('link_scans_variant_time_idx').on(t.variantId, t.scannedAt),
    index('link_scans_ad_time_idx').on(t.adId, t.scannedAt),
    index('link_scans_network_idx').on(t.variantId, t.networkKey, t.scannedAt),
  ],
);

/**
 * Emergency takeover (decision 035): an urgent message or ad that replaces the loop on the
 * chosen screens from `started_at` until someone ends it (or `ends_at` passes).
 */
export const takeovers = pgTable(
  'takeovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: TAKEOVER_KINDS }).notNull(),
    message: text('message'),
    adId: uuid('ad_id').references(() => ads.id, { onDelete: 'restrict' }),
    screenIds: uuid('screen_ids').array().notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('takeovers_screen_ids_idx').using('gin', t.screenIds),
    index('takeovers_started_at_idx').on(t.startedAt),
    check('takeovers_kind_valid', sql`${t.kind} in ('MESSAGE', 'AD')`),
    check(
      'takeovers_kind_payload',
      sql`(${t.kind} = 'MESSAGE' and ${t.message} is not null) or (${t.kind} = 'AD' and ${t.adId} is not null)`,
    ),
    check('takeovers_has_screens', sql`cardinality(${t.screenIds}) > 0`),
  ],
);

/**
 * What each screen was handed (decision 036): a row whenever the ads or variants on its list
 * change, so a play is checked against the list the screen held at the play's instant.
 */
export const screenServedLists = pgTable(
  'screen_served_lists',
  {
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
    contentKey: text('content_key').notNull(),
    adIds: uuid('ad_ids').array().notNull(),
    variantIds: uuid('variant_ids').array().notNull(),
  },
  (t) => [primaryKey({ name: 'screen_served_lists_pk', columns: [t.screenId, t.servedAt, t.contentKey] })],
);

/**
 * A stored media file, by its content-hash name under /media/ (decision 044). Sending it again
 * moves `last_uploaded_at`, which starts the sweep's grace period again.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    name: text('name').primaryKey(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    lastUploadedAt: timestamp('last_uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_files_last_uploaded_idx').on(t.lastUploadedAt),
    check('media_files_bytes_nonnegative', sql`${t.bytes} >= 0`),
  ],
);

/**
 * Each accepted upload (decision 044): the company whose storage holds the file (null when none
 * was known) and who sent it when, for the company quota and the sender's hourly rate.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name')
      .notNull()
      .references(() => mediaFiles.name, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_uploads_file_idx').on(t.fileName),
    index('media_uploads_company_idx').on(t.companyId, t.fileName),
    index('media_uploads_uploader_time_idx').on(t.uploadedBy, t.createdAt),
  ],
);

export const ALERT_KINDS = ['OFFLINE', 'REMINDER', 'BACK_ONLINE', 'UNDER_DELIVERY'] as const;

/**
 * A screen's time without heartbeats (decision 052): from its last heartbeat until it is heard
 * again. One row per (screen, start), so restarts and concurrent workers never count it twice.
 */
export const screenOutages = pgTable(
  'screen_outages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The OFFLINE alert that announced it (one screen's, or its outlet's). */
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('screen_outages_screen_start_uq').on(t.screenId, t.startedAt),
    index('screen_outages_open_idx').on(t.screenId).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * What operators are told (decision 052): a screen, or several of one outlet at once, went
 * offline, is still offline, or came back. `screen_id` is null for an outlet-wide alert, which
 * names its screens in `screens`. Never raised twice for one (screen or outlet, start, kind).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    /** The outlet of a screen alert; null for a campaign's (decision 084). */
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    screenId: uuid('screen_id').references(() => screens.id, { onDelete: 'cascade' }),
    screens: jsonb('screens').$type<{ id: string; screen_code: string; name: string }[]>().notNull(),
    /** An UNDER_DELIVERY alert's line item and advertiser, and what it says of them. */
    lineItemId: uuid('line_item_id').references(() => lineItems.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    details: jsonb('details').$type<UnderDeliveryDetails>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    downtimeSeconds: integer('downtime_seconds'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('alerts_subject_start_kind_uq').on(
      sql`coalesce(${t.screenId}, ${t.outletId}, ${t.lineItemId})`,
      t.startedAt,
      t.kind,
    ),
    index('alerts_raised_idx').on(t.raisedAt, t.id),
    index('alerts_outlet_raised_idx').on(t.outletId, t.raisedAt),
    index('alerts_company_raised_idx').on(t.companyId, t.raisedAt),
    check('alerts_kind_valid', sql`${t.kind} in ('OFFLINE', 'REMINDER', 'BACK_ONLINE', 'UNDER_DELIVERY')`),
    check(
      'alerts_subject',
      sql`(${t.kind} = 'UNDER_DELIVERY') = (${t.lineItemId} is not null and ${t.companyId} is not null) and (${t.kind} = 'UNDER_DELIVERY' or ${t.outletId} is not null)`,
    ),
  ],
);

/** Each alert sent once per channel and target: an e-mail, or a webhook URL; retried with backoff. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['EMAIL', 'WEBHOOK'] }).notNull(),
    /** The webhook URL, or 'smtp' for the e-mail. */
    target: text('target').notNull(),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_alert_channel_target_uq').on(t.alertId, t.channel, t.target),
    index('alert_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    check('alert_deliveries_channel_valid', sql`${t.channel} in ('EMAIL', 'WEBHOOK')`),
    check('alert_deliveries_status_valid', sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
  ],
);

/** Raw bytes: Buffer in, Buffer out, whichever driver (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A screen's latest screenshot and the latest request for one (decision 059): one row per screen,
 * overwritten by each request and each answer; it goes with the screen.
 */
export const screenScreenshots = pgTable('screen_screenshots', {
  screenId: uuid('screen_id')
    .primaryKey()
    .references(() => screens.id, { onDelete: 'cascade' }),
  /** The request the screen must answer; an answer to an older one is refused. */
  requestId: uuid('request_id').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  image: bytea('image'),
  answeredRequestId: uuid('answered_request_id'),
  takenAt: timestamp('taken_at', { withTimezone: true }),
  /** What the screen said it showed; the ad is not a reference, it may be deleted since. */
  adId: uuid('ad_id'),
  adTitle: text('ad_title'),
  takeoverId: uuid('takeover_id'),
});

/** The latest health a screen's player reported with its heartbeat (decision 060). */
export const screenHealth = pgTable('screen_health', {
  screenId: uuid('screen_id')
    .primaryKey()
    .references(() => screens.id, { onDelete: 'cascade' }),
  /** The server's clock when the report arrived. */
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  /** The screen's own clock at that moment (the heartbeat's occurred_at): the two give its clock skew. */
  screenClockAt: timestamp('screen_clock_at', { withTimezone: true }),
  appVersion: text('app_version'),
  cacheBytes: bigint('cache_bytes', { mode: 'number' }),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }),
  queuedPlays: integer('queued_plays'),
  previousQueuedPlays: integer('previous_queued_plays'),
  lastError: text('last_error'),
});

/**
 * When staff asked each screen for a screenshot or sent it a command, within the last minute
 * (decision 074): each kind is limited per screen per minute, across server processes.
 */
export const screenRequestTimes = pgTable(
  'screen_request_times',
  {
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['screenshot', 'command'] }).notNull(),
    /** The times of this kind's requests in the last minute, oldest first; older ones are dropped on the next. */
    sentAt: timestamp('sent_at', { withTimezone: true }).array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'screen_request_times_pk', columns: [t.screenId, t.kind] }),
    check('screen_request_times_kind_valid', sql`${t.kind} in ('screenshot', 'command')`),
  ],
);

/**
 * A pairing code a fresh display shows (decision 088): staff claim it for a screen they may edit,
 * and the display, asking with its pairing secret, is handed that screen's session once. Only the
 * SHA-256 of the code and of the secret is kept; rows are pruned a day after they expire.
 */
export const screenPairings = pgTable(
  'screen_pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The screen it was claimed for; null while it waits. */
    screenId: uuid('screen_id').references(() => screens.id, { onDelete: 'cascade' }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the display was handed its session: from then on the pairing is spent. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('screen_pairings_code_uq').on(t.codeHash),
    uniqueIndex('screen_pairings_secret_uq').on(t.secretHash),
    index('screen_pairings_expires_idx').on(t.expiresAt),
    check('screen_pairings_claim_whole', sql`(${t.screenId} is null) = (${t.claimedAt} is null)`),
  ],
);

/**
 * What an advertiser company buys (issue 20): a campaign of line items, money in integer paise.
 * A DRAFT is edited freely; holding and booking come with availability.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('DRAFT'),
    budgetCapMinor: bigint('budget_cap_minor', { mode: 'number' }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_company_status_idx').on(t.companyId, t.status),
    check('campaigns_name_length', sql`char_length(${t.name}) between 1 and 120`),
    check(
      'campaigns_status_valid',
      sql`${t.status} in ('DRAFT', 'HELD', 'BOOKED', 'ACTIVE', 'COMPLETED', 'CANCELLED')`,
    ),
    check('campaigns_budget_cap_positive', sql`${t.budgetCapMinor} is null or ${t.budgetCapMinor} > 0`),
  ],
);

/**
 * A flight of a campaign: inclusive days on each screen's outlet clock, a goal (plays,
 * impressions, or paise for BUDGET), its pacing and caps, targeting as ads have it, its creatives.
 */
export const lineItems = pgTable(
  'line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    goalKind: text('goal_kind', { enum: GOAL_KINDS }).notNull(),
    goalQuantity: bigint('goal_quantity', { mode: 'number' }).notNull(),
    pacing: text('pacing', { enum: PACINGS }).notNull(),
    /** Plays a day at most, over all screens. */
    dailyCap: integer('daily_cap'),
    maxPlaysPerScreenHour: integer('max_plays_per_screen_hour'),
    guaranteed: boolean('guaranteed').notNull().default(true),
    spotSeconds: integer('spot_seconds').notNull().default(10),
    /** The ads' targeting and, as `schedule`, their schedule object for dayparts (its dates are the flight's). */
    targeting: jsonb('targeting').$type<LineItemTargeting>().notNull(),
    /** Creatives: ads of the campaign's company, ACTIVE when chosen. */
    adIds: uuid('ad_ids').array().notNull(),
    quotedPriceMinor: bigint('quoted_price_minor', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('line_items_campaign_idx').on(t.campaignId),
    check('line_items_name_length', sql`char_length(${t.name}) between 1 and 120`),
    check('line_items_flight_ordered', sql`${t.endsOn} >= ${t.startsOn}`),
    check('line_items_goal_kind_valid', sql`${t.goalKind} in ('PLAYS', 'IMPRESSIONS', 'BUDGET')`),
    check('line_items_goal_positive', sql`${t.goalQuantity} > 0`),
    check('line_items_pacing_valid', sql`${t.pacing} in ('EVEN', 'FRONTLOADED', 'ASAP')`),
    check('line_items_daily_cap_positive', sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
    check(
      'line_items_max_plays_per_screen_hour_positive',
      sql`${t.maxPlaysPerScreenHour} is null or ${t.maxPlaysPerScreenHour} > 0`,
    ),
    check('line_items_spot_seconds_range', sql`${t.spotSeconds} between 1 and 3600`),
    check('line_items_quoted_price_nonnegative', sql`${t.quotedPriceMinor} is null or ${t.quotedPriceMinor} >= 0`),
  ],
);

/**
 * Plays a held or booked line item has promised on a screen-hour (local date and hour of the
 * screen's outlet), and their price by the rate card in force then (decision 084). Availability is
 * capacity less the rows of unexpired holds and bookings; a cancelled campaign's rows are deleted.
 */
export const campaignReservations = pgTable(
  'campaign_reservations',
  {
    lineItemId: uuid('line_item_id')
      .notNull()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    plays: integer('plays').notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'campaign_reservations_pk', columns: [t.lineItemId, t.screenId, t.localDate, t.hour] }),
    index('campaign_reservations_screen_date_idx').on(t.screenId, t.localDate),
    check('campaign_reservations_hour_range', sql`${t.hour} between 0 and 23`),
    check('campaign_reservations_plays_positive', sql`${t.plays} > 0`),
    check('campaign_reservations_price_nonnegative', sql`${t.priceMinor} >= 0`),
  ],
);

/**
 * A line item's delivery per screen-hour (decision 084), grown in the transaction that stores its
 * plays, by exactly the plays that were new: the pacing, the plan check and the campaign page read
 * it instead of summing the logs. Impressions are the plays × the screen's audience estimate for
 * that hour of the week when the play was stored (decision 085).
 */
export const lineItemDeliveryHours = pgTable(
  'line_item_delivery_hours',
  {
    lineItemId: uuid('line_item_id')
      .notNull()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    plays: integer('plays').notNull(),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [
    primaryKey({ name: 'line_item_delivery_hours_pk', columns: [t.lineItemId, t.screenId, t.localDate, t.hour] }),
    check('line_item_delivery_hours_hour_range', sql`${t.hour} between 0 and 23`),
  ],
);

/** A line item's delivery in all: the sums of its hours, which the plan check reads per batch. */
export const lineItemDeliveryTotals = pgTable('line_item_delivery_totals', {
  lineItemId: uuid('line_item_id')
    .primaryKey()
    .references(() => lineItems.id, { onDelete: 'cascade' }),
  plays: integer('plays').notNull(),
  spendMinor: bigint('spend_minor', { mode: 'number' }).notNull(),
  impressions: doublePrecision('impressions').notNull(),
});

/**
 * The plans handed to screens (decision 084): at most `max_plays` plays of a line item's creatives
 * on a screen in the local hour starting at `starts_at`. A plan is only ever raised, so a screen
 * playing offline on the plan it last received never exceeds what the server accepts from it; the
 * server refuses a creative's play beyond it.
 */
export const lineItemPlans = pgTable(
  'line_item_plans',
  {
    lineItemId: uuid('line_item_id')
      .notNull()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    maxPlays: integer('max_plays').notNull(),
    /** The estimated price of one play there (paise), for the budget bound. */
    playPriceMinor: integer('play_price_minor').notNull(),
    handedAt: timestamp('handed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'line_item_plans_pk', columns: [t.lineItemId, t.screenId, t.localDate, t.hour] }),
    index('line_item_plans_screen_time_idx').on(t.screenId, t.startsAt),
    check('line_item_plans_hour_range', sql`${t.hour} between 0 and 23`),
    check('line_item_plans_max_plays_nonnegative', sql`${t.maxPlays} >= 0`),
    check('line_item_plans_price_nonnegative', sql`${t.playPriceMinor} >= 0`),
  ],
);

/**
 * A screen's audience estimate (decision 085): people who see one play, per hour of the week on
 * its outlet's clock (index = day of week, 0 = Sunday, × 24 + hour), and where that comes from.
 */
export const screenAudiences = pgTable(
  'screen_audiences',
  {
    screenId: uuid('screen_id')
      .primaryKey()
      .references(() => screens.id, { onDelete: 'cascade' }),
    impressionsPerPlay: doublePrecision('impressions_per_play').array().notNull(),
    source: text('source').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('screen_audiences_hours_of_week', sql`cardinality(${t.impressionsPerPlay}) = 168`),
    check('screen_audiences_source_length', sql`char_length(${t.source}) between 1 and 200`),
  ],
);

/**
 * How a guaranteed line item's shortfall was settled once its campaign completed (decision 086):
 * once per line item (the key), by a make-good — a booked campaign of its own whose plays a credit
 * of its quoted price pays for — or by a credit of the shortfall's share of the quoted price. The
 * credit is an ad transaction of method CREDIT (none when it would be 0).
 */
export const lineItemResolutions = pgTable(
  'line_item_resolutions',
  {
    lineItemId: uuid('line_item_id')
      .primaryKey()
      .references(() => lineItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SHORTFALL_RESOLUTION_KINDS }).notNull(),
    /** Goal less delivered when settled, in the goal's unit. */
    shortfallQuantity: bigint('shortfall_quantity', { mode: 'number' }).notNull(),
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull(),
    transactionId: uuid('transaction_id').references(() => adTransactions.id, { onDelete: 'restrict' }),
    makeGoodLineItemId: uuid('make_good_line_item_id').references(() => lineItems.id, { onDelete: 'cascade' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('line_item_resolutions_make_good_uq').on(t.makeGoodLineItemId),
    check('line_item_resolutions_kind_valid', sql`${t.kind} in ('MAKE_GOOD', 'CREDIT')`),
    check(
      'line_item_resolutions_make_good_named',
      sql`(${t.kind} = 'MAKE_GOOD') = (${t.makeGoodLineItemId} is not null)`,
    ),
    check('line_item_resolutions_shortfall_positive', sql`${t.shortfallQuantity} > 0`),
    check('line_item_resolutions_credit_nonnegative', sql`${t.creditMinor} >= 0`),
    check('line_item_resolutions_credit_written', sql`(${t.creditMinor} > 0) = (${t.transactionId} is not null)`),
  ],
);

/**
 * A long-lived bearer token an integration sends instead of a person's session (decision 095):
 * only the SHA-256 of the secret is kept (looked up by it), with its last four characters to
 * recognise it. It acts with its creator's live role and tenancy, narrowed to `company_id` (null:
 * a global admin's network-wide token) and to its scopes, until revoked or expired.
 */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    lastFour: text('last_four').notNull(),
    scopes: text('scopes').array().notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token and process, not per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_tokens_hash_uq').on(t.tokenHash),
    index('integration_tokens_company_idx').on(t.companyId),
    index('integration_tokens_created_by_idx').on(t.createdBy),
    check('integration_tokens_scopes_present', sql`cardinality(${t.scopes}) > 0`),
  ],
);

/** Every request an integration token made (decision 095): which token, what route and answer, when, from where. */
export const integrationTokenUses = pgTable(
  'integration_token_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => integrationTokens.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The route's pattern (/api/ads/:id), or the path when no route matched. */
    route: text('route').notNull(),
    statusCode: smallint('status_code').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_token_uses_token_at_idx').on(t.tokenId, t.at)],
);
