import { randomUUID } from 'node:crypto';
import type { ScreenCommand } from '@adloop/contract/screen-commands';
import type { ScreenshotRequest, ScreenshotState } from '@adloop/contract/screenshots';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { screenScreenshots } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { countScreenRequest } from './screen-request-limit.ts';
import { getScreen } from './screens.service.ts';
import { assertShownOnScreen, type ScreenshotShowing } from './screenshot-showing.ts';

/**
 * Records a new request for the screen's picture (decision 059) and answers its id; the screen
 * must answer this id, an answer to an older one is refused. Another tenant's screen is a 404;
 * past the screen's requests per minute, a 429 (decision 074).
 */
export async function requestScreenshot(ctx: ServiceContext, screenId: string): Promise<ScreenshotRequest> {
  const { db, caller } = ctx;
  await getScreen(ctx, screenId);
  await countScreenRequest(db, screenId, 'screenshot');
  const request = { screenId, requestId: randomUUID(), requestedAt: sql`now()`, requestedBy: caller.userId };
  const [row] = await db
    .insert(screenScreenshots)
    .values(request)
    .onConflictDoUpdate({
      target: screenScreenshots.screenId,
      set: { requestId: request.requestId, requestedAt: request.requestedAt, requestedBy: request.requestedBy },
    })
    .returning({ requestId: screenScreenshots.requestId, requestedAt: screenScreenshots.requestedAt });
  if (!row) throw new Error('screenshot request upsert returned no row');
  await ctx.emit({ type: 'screen.screenshot-requested', screenId, requestId: row.requestId });
  return { request_id: row.requestId, requested_at: row.requestedAt.toISOString() };
}

/**
 * Tells a screen the caller reaches to reload its player, or to clear its caches and reload
 * (decision 059); past the screen's commands per minute, a 429 (decision 074).
 */
export async function sendScreenCommand(ctx: ServiceContext, screenId: string, command: ScreenCommand) {
  await getScreen(ctx, screenId);
  await countScreenRequest(ctx.db, screenId, 'command');
  await ctx.emit({ type: 'screen.command', screenId, command });
  return { command, sent_at: new Date().toISOString() };
}

export async function getScreenshotState(ctx: ServiceContext, screenId: string): Promise<ScreenshotState> {
  const { db } = ctx;
  await getScreen(ctx, screenId);
  const [row] = await db
    .select({
      requestedAt: screenScreenshots.requestedAt,
      answeredRequestId: screenScreenshots.answeredRequestId,
      takenAt: screenScreenshots.takenAt,
      sizeBytes: sql<number>`octet_length(${screenScreenshots.image})::int`,
      adId: screenScreenshots.adId,
      adTitle: screenScreenshots.adTitle,
      takeoverId: screenScreenshots.takeoverId,
    })
    .from(screenScreenshots)
    .where(eq(screenScreenshots.screenId, screenId));
  if (!row) return { screenshot: null, requested_at: null };
  return {
    requested_at: row.requestedAt.toISOString(),
    screenshot:
      row.takenAt && row.answeredRequestId
        ? {
            request_id: row.answeredRequestId,
            taken_at: row.takenAt.toISOString(),
            size_bytes: row.sizeBytes,
            ad_id: row.adId,
            ad_title: row.adTitle,
            takeover_id: row.takeoverId,
          }
        : null,
  };
}

export async function getScreenshotImage(
  ctx: ServiceContext,
  screenId: string,
): Promise<{ image: Buffer; takenAt: Date }> {
  const { db } = ctx;
  await getScreen(ctx, screenId);
  const [row] = await db
    .select({ image: screenScreenshots.image, takenAt: screenScreenshots.takenAt })
    .from(screenScreenshots)
    .where(eq(screenScreenshots.screenId, screenId));
  if (!row?.image || !row.takenAt) throw notFound('Screenshot');
  return { image: row.image, takenAt: row.takenAt };
}

/**
 * Keeps the screen's answer in place of its previous picture. Each request takes one answer: a
 * second one, or an answer to a request that is not the latest, is a 409 and changes nothing; an
 * ad or takeover the screen was not handed is a 400 (decision 074).
 */
export async function saveScreenshot(
  db: Database,
  screenId: string,
  requestId: string,
  image: Buffer,
  showing: ScreenshotShowing,
): Promise<{ taken_at: string }> {
  await assertShownOnScreen(db, screenId, showing);
  const [row] = await db
    .update(screenScreenshots)
    .set({
      image,
      answeredRequestId: requestId,
      takenAt: sql`now()`,
      adId: showing.ad_id ?? null,
      adTitle: showing.ad_title ?? null,
      takeoverId: showing.takeover_id ?? null,
    })
    .where(
      and(
        eq(screenScreenshots.screenId, screenId),
        eq(screenScreenshots.requestId, requestId),
        sql`${screenScreenshots.answeredRequestId} is distinct from ${screenScreenshots.requestId}`,
      ),
    )
    .returning({ takenAt: screenScreenshots.takenAt });
  if (row?.takenAt) return { taken_at: row.takenAt.toISOString() };
  const [held] = await db
    .select({ answeredRequestId: screenScreenshots.answeredRequestId })
    .from(screenScreenshots)
    .where(eq(screenScreenshots.screenId, screenId));
  if (held?.answeredRequestId === requestId) {
    throw conflict('This screenshot request was already answered; a request takes one screenshot');
  }
  throw conflict('No screenshot is asked for under this request_id; a newer request replaced it');
}
