import { PLAYER_HEALTH_WARNINGS } from '@adloop/contract/constants';
import type { PlayerHealthReport } from '@adloop/contract/screen';
import type { ScreenHealth } from '@adloop/contract/screens';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenHealth } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Keeps the latest health report of a screen (decision 060), and the queue length of the one
 * before it, so a growing queue can be told from a steady one. A field the player left out is
 * stored as unknown, not kept from an older report.
 */
export async function storePlayerHealth(
  tx: Tx,
  screenId: string,
  report: PlayerHealthReport,
  screenClockAt: Date | null,
  receivedAt: Date,
): Promise<void> {
  const latest = {
    reportedAt: receivedAt,
    screenClockAt,
    appVersion: report.app_version ?? null,
    cacheBytes: report.cache_bytes ?? null,
    quotaBytes: report.quota_bytes ?? null,
    queuedPlays: report.queued_plays ?? null,
    lastError: report.last_error ?? null,
  };
  await tx
    .insert(screenHealth)
    .values({ screenId, ...latest })
    .onConflictDoUpdate({
      target: screenHealth.screenId,
      // The right-hand column is the stored row's: the report this one replaces.
      set: { ...latest, previousQueuedPlays: sql`${screenHealth.queuedPlays}` },
    });
}

function warningsOf(health: Omit<ScreenHealth, 'warnings' | 'reported_at'>): ScreenHealth['warnings'] {
  const warnings: ScreenHealth['warnings'] = [];
  const { queued_plays: queued, previous_queued_plays: previous } = health;
  if (queued !== null && queued >= PLAYER_HEALTH_WARNINGS.queuedPlays && previous !== null && queued > previous)
    warnings.push('QUEUE_GROWING');
  if (health.clock_skew_ms !== null && Math.abs(health.clock_skew_ms) > PLAYER_HEALTH_WARNINGS.clockSkewMs)
    warnings.push('CLOCK_OFF');
  if (
    health.cache_bytes !== null &&
    health.quota_bytes !== null &&
    health.quota_bytes > 0 &&
    health.cache_bytes > health.quota_bytes * PLAYER_HEALTH_WARNINGS.cacheShare
  )
    warnings.push('CACHE_NEARLY_FULL');
  return warnings;
}

/** A stored report as the screen's page shows it, with what deserves a warning. */
export function toScreenHealth(row: typeof screenHealth.$inferSelect): ScreenHealth {
  const health = {
    app_version: row.appVersion,
    cache_bytes: row.cacheBytes,
    quota_bytes: row.quotaBytes,
    queued_plays: row.queuedPlays,
    previous_queued_plays: row.previousQueuedPlays,
    clock_skew_ms: row.screenClockAt ? row.screenClockAt.getTime() - row.reportedAt.getTime() : null,
    last_error: row.lastError,
  };
  return { ...health, reported_at: row.reportedAt.toISOString(), warnings: warningsOf(health) };
}
