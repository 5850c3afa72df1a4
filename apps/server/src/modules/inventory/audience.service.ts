import {
  audienceFigures,
  HOURS_OF_WEEK,
  type ScreenAudience,
  type ScreenAudienceInput,
} from '@adloop/contract/audience';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenAudiences, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/http-error.ts';
import { scopedByOutlet } from '../../lib/scope.ts';

/** Impressions per play by hour of the week of each screen that has an estimate (decision 085). */
export type Audiences = ReadonlyMap<string, readonly number[]>;

export async function audiencesOf(db: Database, screenIds: readonly string[]): Promise<Audiences> {
  if (screenIds.length === 0) return new Map();
  const rows = await db
    .select({ screenId: screenAudiences.screenId, figures: screenAudiences.impressionsPerPlay })
    .from(screenAudiences)
    .where(inArray(screenAudiences.screenId, [...screenIds]));
  return new Map(rows.map((row) => [row.screenId, row.figures]));
}

async function assertScreenReachable(ctx: ServiceContext, screenId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: screens.id })
    .from(screens)
    .where(and(eq(screens.id, screenId), scopedByOutlet(ctx.caller, screens.outletId)));
  if (!row) throw notFound('Screen');
}

const toAudience = (row: typeof screenAudiences.$inferSelect): ScreenAudience => ({
  screen_id: row.screenId,
  source: row.source,
  impressions_per_play: row.impressionsPerPlay,
  updated_at: row.updatedAt.toISOString(),
});

/** A screen's estimate; a screen without one answers 404 naming that, so a buyer knows impressions cannot be sold there. */
export async function getScreenAudience(ctx: ServiceContext, screenId: string): Promise<ScreenAudience> {
  await assertScreenReachable(ctx, screenId);
  const [row] = await ctx.db.select().from(screenAudiences).where(eq(screenAudiences.screenId, screenId));
  if (!row) throw notFound('Audience estimate of this screen');
  return toAudience(row);
}

/** Sets (replaces) a screen's estimate. */
export async function putScreenAudience(
  ctx: ServiceContext,
  screenId: string,
  input: ScreenAudienceInput,
): Promise<ScreenAudience> {
  await assertScreenReachable(ctx, screenId);
  const figures = audienceFigures(input);
  if (figures.length !== HOURS_OF_WEEK) throw new Error('an audience has 168 figures');
  const [row] = await ctx.db
    .insert(screenAudiences)
    .values({ screenId, impressionsPerPlay: figures, source: input.source, updatedBy: ctx.caller.userId })
    .onConflictDoUpdate({
      target: screenAudiences.screenId,
      set: { impressionsPerPlay: figures, source: input.source, updatedBy: ctx.caller.userId, updatedAt: sql`now()` },
    })
    .returning();
  return toAudience(row!);
}
