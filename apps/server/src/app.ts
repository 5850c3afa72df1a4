import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import type { ReplicaOptions } from './db/read-replica.ts';
import type { EventBus } from './lib/event-bus.ts';
import { type NetworkTargetPolicy, REFUSE_PRIVATE_TARGETS } from './lib/network-targets.ts';
import adReviewRoutes from './modules/ads/ad-review.routes.ts';
import adVariantRoutes from './modules/ads/ad-variants.routes.ts';
import adVersionRoutes from './modules/ads/ad-versions.routes.ts';
import adRoutes from './modules/ads/ads.routes.ts';
import alertRoutes from './modules/alerts/alerts.routes.ts';
import alertWorkerPlugin, { type AlertWorkerOptions } from './modules/alerts/alerts.schedule.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import { adTransactionRoutes, screenPayoutRoutes } from './modules/billing/billing.routes.ts';
import campaignRoutes from './modules/campaigns/campaigns.routes.ts';
import pacingWorkerPlugin, { type PacingWorkerOptions } from './modules/campaigns/pacing.schedule.ts';
import screenCampaignRoutes from './modules/campaigns/screen-campaigns.routes.ts';
import companyRoutes from './modules/companies/companies.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import integrationTokenRoutes from './modules/integration-tokens/integration-tokens.routes.ts';
import inventoryRoutes from './modules/inventory/inventory.routes.ts';
import linkRoutes from './modules/links/links.routes.ts';
import mediaRoutes from './modules/media/media.routes.ts';
import mediaDurationsPlugin from './modules/media/media-duration.ts';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './modules/media/media-limits.ts';
import mediaSweepPlugin, { type MediaSweepOptions } from './modules/media/media-sweep.schedule.ts';
import metricsRoutes from './modules/metrics/metrics.routes.ts';
import outletRoutes from './modules/outlets/outlets.routes.ts';
import pincodeRoutes from './modules/pincodes/pincodes.routes.ts';
import playStoragePlugin, { type PlayStorageOptions } from './modules/playback-logs/play-storage.schedule.ts';
import playbackLogRoutes from './modules/playback-logs/playback-logs.routes.ts';
import playPricingPlugin from './modules/pricing/play-pricing.ts';
import rateCardRoutes from './modules/pricing/pricing.routes.ts';
import screenActivityRoutes from './modules/screen-activity/screen-activity.routes.ts';
import screenAuthRoutes from './modules/screens/screen-auth.routes.ts';
import screenPairingRoutes, { displayPairingRoutes } from './modules/screens/screen-pairing.routes.ts';
import screenRoutes from './modules/screens/screens.routes.ts';
import screenshotRoutes, { screenScreenshotRoutes } from './modules/screens/screenshots.routes.ts';
import takeoverRoutes, { screenTakeoverRoutes } from './modules/takeovers/takeovers.routes.ts';
import { companyUserMappingRoutes, outletUserMappingRoutes } from './modules/user-mappings/user-mappings.routes.ts';
import invitationRoutes from './modules/users/invitations.routes.ts';
import type { InvitationSettings } from './modules/users/invitations.ts';
import userRoutes from './modules/users/users.routes.ts';
import admissionPlugin, { type AdmissionOptions, defaultAdmission } from './plugins/admission.ts';
import authPlugin, { type IntegrationTokenOptions } from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorsPlugin from './plugins/errors.ts';
import eventsPlugin from './plugins/events.ts';
import inputGuardsPlugin from './plugins/input-guards.ts';
import metricsPlugin from './plugins/metrics.ts';
import readReplicaPlugin from './plugins/read-replica.ts';
import screenAuthPlugin from './plugins/screen-auth.ts';
import screenCachePlugin from './plugins/screen-cache.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** A streaming replica analytics and the playback log read from (decision 098); the primary only unless given. */
  replica?: ReplicaOptions;
  jwtSecret: Uint8Array;
  mediaDir: string;
  webDistDir?: string;
  /** Fan-out of changes; in-process unless given (Redis in a multi-process deployment). */
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** Upload limits: the contract's 20 MB / 200 MB, 5 GB per company, 2 GB per user an hour, unless set (env, tests). */
  uploadLimits?: Partial<UploadLimits>;
  /** When unused media is swept (hourly, after 24 h unreferenced, decision 044). */
  mediaSweep?: Omit<MediaSweepOptions, 'mediaDir'>;
  /** When screen traffic is shed with 503 + Retry-After (decision 045); defaults by database kind. */
  admission?: Partial<AdmissionOptions>;
  /** The offline alert worker (decision 052); off unless given, so tests tick it themselves. */
  alerts?: AlertWorkerOptions;
  /** The campaigns' pacing worker (decision 084); off unless given, so tests re-plan on their own clock. */
  pacing?: PacingWorkerOptions;
  /** Bearer token of GET /metrics (decision 058); without it /metrics answers 404 and requests go untimed. */
  metricsToken?: string;
  /** Proxies in front whose X-Forwarded-For is believed for the client's address; none unless given. */
  trustProxyHops?: number;
  /** Which addresses outlets' alert webhooks may name (decision 075); private ones are refused unless given. */
  webhookTargets?: NetworkTargetPolicy;
  /** E-mailed invitations of new staff (decision 089); without a mailer, onboarding answers a temporary password. */
  invitations?: InvitationSettings;
  /** Integration tokens' per-token request limit (decision 095); 600 a minute unless given. */
  integrationTokens?: IntegrationTokenOptions;
  /** The proof of play's partitions and archive (decision 097); partitions are always made ahead, nothing archived unless given. */
  playStorage?: PlayStorageOptions;
}

/** JSON bodies above this are refused with 413; uploads go through multipart with their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole AdLoop API (and the web app beside it); server.ts and the tests both call it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const proxyHops = options.trustProxyHops ?? 0;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Addresses count from the socket's: the first `proxyHops` are our proxies, the next the client.
    trustProxy: proxyHops > 0 ? (_address: string, hop: number) => hop < proxyHops : false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputGuardsPlugin);
  await app.register(dbPlugin, { database: options.database });
  await app.register(readReplicaPlugin, { replica: options.replica });
  await app.register(metricsPlugin, { enabled: options.metricsToken !== undefined });
  await app.register(securityPlugin);
  await app.register(admissionPlugin, { ...defaultAdmission(options.database.kind), ...options.admission });
  await app.register(compressionPlugin);
  await app.register(eventsPlugin, { bus: options.bus });
  await app.register(authPlugin, { jwtSecret: options.jwtSecret, integrationTokens: options.integrationTokens });
  await app.register(screenCachePlugin);
  await app.register(screenAuthPlugin);
  await app.register(playPricingPlugin);
  await app.register(mediaDurationsPlugin, { mediaDir: options.mediaDir });
  await app.register(docsPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(metricsRoutes, { token: options.metricsToken });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(invitationRoutes, { prefix: '/api/auth' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(companyRoutes, { prefix: '/api/ad-company' });
  await app.register(outletRoutes, {
    prefix: '/api/outlets',
    webhookTargets: options.webhookTargets ?? REFUSE_PRIVATE_TARGETS,
  });
  await app.register(pincodeRoutes, { prefix: '/api/pincode' });
  await app.register(userRoutes, { prefix: '/api/users', invitations: options.invitations });
  await app.register(companyUserMappingRoutes, { prefix: '/api/company-user-mapping' });
  await app.register(outletUserMappingRoutes, { prefix: '/api/outlet-user-mapping' });
  await app.register(screenRoutes, { prefix: '/api/ad-screens' });
  await app.register(screenshotRoutes, { prefix: '/api/ad-screens' });
  await app.register(screenPairingRoutes, { prefix: '/api/ad-screens' });
  await app.register(adRoutes, { prefix: '/api/ads' });
  await app.register(adReviewRoutes, { prefix: '/api/ads' });
  await app.register(adVersionRoutes, { prefix: '/api/ads' });
  await app.register(adVariantRoutes, { prefix: '/api/ads' });
  await app.register(mediaRoutes, {
    prefix: '/api/ads',
    mediaDir: options.mediaDir,
    limits: { ...DEFAULT_UPLOAD_LIMITS, ...options.uploadLimits },
  });
  await app.register(mediaSweepPlugin, { mediaDir: options.mediaDir, ...options.mediaSweep });
  await app.register(screenAuthRoutes, { prefix: '/api/screen-auth' });
  await app.register(screenTakeoverRoutes, { prefix: '/api/screen-auth' });
  await app.register(screenScreenshotRoutes, { prefix: '/api/screen-auth' });
  await app.register(displayPairingRoutes, { prefix: '/api/screen-auth' });
  await app.register(playbackLogRoutes, { prefix: '/api/playback-logs' });
  await app.register(playStoragePlugin, options.playStorage ?? {});
  await app.register(screenActivityRoutes, { prefix: '/api/screen-activity' });
  await app.register(adTransactionRoutes, { prefix: '/api/ad-transaction' });
  await app.register(screenPayoutRoutes, { prefix: '/api/screen-payout' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(linkRoutes, { prefix: '/r' });
  await app.register(rateCardRoutes, { prefix: '/api/rate-cards' });
  await app.register(takeoverRoutes, { prefix: '/api/takeovers' });
  await app.register(inventoryRoutes, { prefix: '/api/inventory' });
  await app.register(campaignRoutes, { prefix: '/api/campaigns' });
  await app.register(screenCampaignRoutes, { prefix: '/api/screen-campaigns' });
  await app.register(alertRoutes, { prefix: '/api/alerts' });
  await app.register(integrationTokenRoutes, { prefix: '/api/integration-tokens' });
  if (options.alerts) await app.register(alertWorkerPlugin, options.alerts);
  if (options.pacing) await app.register(pacingWorkerPlugin, options.pacing);

  await app.register(webPlugin, { mediaDir: options.mediaDir, webDistDir: options.webDistDir });
  return app;
}
