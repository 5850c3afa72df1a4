import {
  TAKEOVER_MAX_HOURS,
  type Takeover,
  type TakeoverListQuery,
  type TakeoverStart,
} from '@adloop/contract/takeovers';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { screens, takeovers } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { offsetOf, type Page, pageOf } from '../../lib/list-query.ts';
import { scopedByOutlet, scopedByScreens } from '../../lib/scope.ts';
import { getAd } from '../ads/ads.service.ts';
import { type TakeoverRow, takeoverIsActive, takeoverStatus, toTakeovers } from './takeover-view.ts';

const rowColumns = { takeover: takeovers, status: takeoverStatus };
const toRow = (row: { takeover: typeof takeovers.$inferSelect; status: TakeoverRow['status'] }): TakeoverRow => ({
  ...row.takeover,
  status: row.status,
});

/** A 404 naming the screen and where it sits in the body, so the form can point at it. */
const screenNotFound = (id: string, index: number) =>
  new HttpError(404, 'NOT_FOUND', `Screen ${id} not found`, [
    { path: `screen_ids.${index}`, message: `Screen ${id} not found` },
  ]);

function checkEndsAt(endsAt: string | null | undefined): Date | null {
  if (!endsAt) return null;
  const at = new Date(endsAt);
  if (at.getTime() <= Date.now()) return fail('ends_at', 'The end time has already passed; pick a time ahead');
  if (at.getTime() > Date.now() + TAKEOVER_MAX_HOURS * 3_600_000) {
    return fail('ends_at', `A takeover ends within ${TAKEOVER_MAX_HOURS / 24} days; pick an earlier end time`);
  }
  return at;
}

function fail(field: string, message: string): never {
  throw fieldError(field, message);
}

/**
 * The chosen screens, all of which the caller must reach (an outlet admin: their own outlets'
 * screens) and all of which must be enabled. Nothing is written when one is refused.
 */
async function assertScreensReachable(ctx: ServiceContext, screenIds: string[]) {
  const { db, caller } = ctx;
  const rows = await db
    .select({ id: screens.id, code: screens.screenCode, outletId: screens.outletId, status: screens.status })
    .from(screens)
    .where(and(inArray(screens.id, screenIds), scopedByOutlet(caller, screens.outletId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  screenIds.forEach((id, index) => {
    const screen = byId.get(id);
    if (!screen) throw screenNotFound(id, index);
    if (screen.status !== 'ACTIVE') {
      throw fieldError(`screen_ids.${index}`, `Screen ${screen.code} is disabled; enable it or leave it out`);
    }
  });
}

/** An ad takeover shows an active ad the caller can see: any for a global admin, one that plays on their screens for outlet staff. */
async function assertAdUsable(ctx: ServiceContext, adId: string) {
  // The matrix grants who starts takeovers the same scope on ads as on takeovers (all, or own).
  const ad = await getAd(ctx, adId);
  if (ad.status !== 'ACTIVE') {
    fail(
      'ad_id',
      `Ad "${ad.title}" is ${ad.status.toLowerCase().replace('_', ' ')}; only an active ad can take over screens`,
    );
  }
}

export async function getTakeover(ctx: ServiceContext, id: string): Promise<Takeover> {
  const { db, caller } = ctx;
  const [row] = await db
    .select(rowColumns)
    .from(takeovers)
    .where(and(eq(takeovers.id, id), scopedByScreens(caller, takeovers.screenIds)));
  if (!row) throw notFound('Takeover');
  const [takeover] = await toTakeovers(db, [toRow(row)], caller);
  return takeover!;
}

export async function startTakeover(ctx: ServiceContext, input: TakeoverStart): Promise<Takeover> {
  const { db, caller } = ctx;
  const endsAt = checkEndsAt(input.ends_at);
  const screenIds = input.screen_ids.map((id) => id.toLowerCase());
  await assertScreensReachable(ctx, screenIds);
  if (input.kind === 'AD') await assertAdUsable(ctx, input.ad_id!);
  const [row] = await db
    .insert(takeovers)
    .values({
      kind: input.kind,
      message: input.kind === 'MESSAGE' ? input.message! : null,
      adId: input.kind === 'AD' ? input.ad_id! : null,
      screenIds,
      startedBy: caller.userId,
      endsAt,
    })
    .returning({ id: takeovers.id });
  await ctx.emit({ type: 'takeover.changed', takeoverId: row!.id, screenIds, action: 'started' });
  return getTakeover(ctx, row!.id);
}

export async function listTakeovers(ctx: ServiceContext, query: TakeoverListQuery): Promise<Page<Takeover>> {
  const { db, caller } = ctx;
  const where = and(
    scopedByScreens(caller, takeovers.screenIds),
    query.status === 'active' ? takeoverIsActive : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(takeovers)
      .where(where)
      .orderBy(desc(takeovers.startedAt), desc(takeovers.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(takeovers).where(where),
  ]);
  return pageOf(await toTakeovers(db, rows.map(toRow), caller), query, total?.value);
}

/**
 * Ends a takeover on every screen it covers. An outlet admin ends only a takeover all of whose
 * screens are theirs: a network-wide alert is the network's to lift (decision 035).
 */
export async function endTakeover(ctx: ServiceContext, id: string): Promise<Takeover> {
  const { db, caller } = ctx;
  const current = await getTakeover(ctx, id);
  if (current.status === 'ENDED') throw conflict(`This takeover was already ended at ${current.ended_at}`);
  if (current.status === 'EXPIRED') throw conflict(`This takeover already ended by itself at ${current.ends_at}`);
  if (!current.can_end) {
    throw forbidden('This takeover also covers screens of other outlets; only a global admin can end it');
  }
  const ended = await db
    .update(takeovers)
    .set({ endedAt: sql`now()`, endedBy: caller.userId })
    .where(and(eq(takeovers.id, id), isNull(takeovers.endedAt)))
    .returning({ screenIds: takeovers.screenIds });
  if (ended.length === 0) throw conflict('This takeover was already ended');
  // Every screen it covers goes back to its loop, whoever may see them.
  await ctx.emit({ type: 'takeover.changed', takeoverId: id, screenIds: ended[0]!.screenIds, action: 'ended' });
  return getTakeover(ctx, id);
}
