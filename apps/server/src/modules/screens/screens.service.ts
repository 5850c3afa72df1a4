import { randomInt } from 'node:crypto';
import { PASSCODE_LENGTH } from '@adloop/contract/constants';
import type { Screen, ScreenCreate, ScreenUpdate } from '@adloop/contract/screens';
import { and, arrayContains, asc, count, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, playbackLogs, screenHealth, screenPayouts, screens } from '../../db/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { scopedByOutlet } from '../../lib/scope.ts';
import { connectionColumns, isoOf, screenIsOnline } from '../../lib/screen-connection.ts';
import { clearSignInThrottles, signInAlertOf, signInSlowedOf, toSignInAlert } from '../../lib/sign-in-throttle.ts';
import { hashSecret } from '../auth/passwords.ts';
import { toScreenHealth } from '../screen-activity/player-health.ts';

const screenColumns = {
  screen: screens,
  outlet: { id: outlets.id, name: outlets.name, outletCode: outlets.outletCode },
  // Online, and when offline when its alert comes, by the one rule of decision 092.
  ...connectionColumns,
  slowed: signInSlowedOf('screen', sql`${screens.screenCode}`),
  alert: signInAlertOf('screen', sql`${screens.screenCode}`),
};

type ScreenRow = {
  screen: typeof screens.$inferSelect;
  outlet: { id: string; name: string; outletCode: string };
  online: boolean;
  alertAfterMinutes: number;
  alertedAt: string | null;
  slowed: boolean;
  alert: Parameters<typeof toSignInAlert>[0];
};

function toScreen(row: ScreenRow): Screen {
  const { screen } = row;
  return {
    id: screen.id,
    screen_code: screen.screenCode,
    name: screen.name,
    status: screen.status,
    tags: screen.tags,
    outlet: { id: row.outlet.id, name: row.outlet.name, outlet_code: row.outlet.outletCode },
    is_online: row.online,
    last_seen_at: screen.lastSeenAt?.toISOString() ?? null,
    alert_after_minutes: row.alertAfterMinutes,
    offline_alerted_at: row.online ? null : isoOf(row.alertedAt),
    locked: row.slowed,
    sign_in_alert: toSignInAlert(row.alert),
    created_at: screen.createdAt.toISOString(),
    updated_at: screen.updatedAt.toISOString(),
  };
}

/** Screens online now across every outlet, for the metrics scrape (decision 058). */
export async function countOnlineScreens(db: Database): Promise<number> {
  const [row] = await db.select({ online: count() }).from(screens).where(screenIsOnline);
  return row?.online ?? 0;
}

const SORTABLE = {
  screen_code: screens.screenCode,
  name: screens.name,
  status: screens.status,
  last_seen_at: screens.lastSeenAt,
  created_at: screens.createdAt,
};

export interface ScreenListQuery extends ListQuery {
  outlet_id?: string;
  status?: 'ACTIVE' | 'DISABLED';
  online?: 'true' | 'false';
  tag?: string;
}

export async function listScreens(ctx: ServiceContext, query: ScreenListQuery): Promise<Page<Screen>> {
  const { db, caller } = ctx;
  const where = and(
    scopedByOutlet(caller, screens.outletId),
    searchOf(query.q, [screens.screenCode, screens.name, outlets.name]),
    query.outlet_id ? eq(screens.outletId, query.outlet_id) : undefined,
    query.status ? eq(screens.status, query.status) : undefined,
    query.online ? (query.online === 'true' ? screenIsOnline : not(screenIsOnline)) : undefined,
    query.tag ? arrayContains(screens.tags, [query.tag.toLowerCase()]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(screenColumns)
      .from(screens)
      .innerJoin(outlets, eq(outlets.id, screens.outletId))
      .where(where)
      .orderBy(...orderByOf(query.sort, SORTABLE, asc(screens.screenCode), screens.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(screens).innerJoin(outlets, eq(outlets.id, screens.outletId)).where(where),
  ]);
  return pageOf(rows.map(toScreen), query, total?.value);
}

/** One screen, with its player's latest health report (decision 060). */
export async function getScreen(ctx: ServiceContext, id: string): Promise<Screen> {
  const { db, caller } = ctx;
  const [row] = await db
    .select({ ...screenColumns, health: screenHealth })
    .from(screens)
    .innerJoin(outlets, eq(outlets.id, screens.outletId))
    .leftJoin(screenHealth, eq(screenHealth.screenId, screens.id))
    .where(and(eq(screens.id, id), scopedByOutlet(caller, screens.outletId)));
  if (!row) throw notFound('Screen');
  return { ...toScreen(row), health: row.health ? toScreenHealth(row.health) : null };
}

async function assertOutletReachable(ctx: ServiceContext, outletId: string) {
  const { db, caller } = ctx;
  const [outlet] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.id, outletId), scopedByOutlet(caller, outlets.id)));
  if (!outlet) throw notFound('Outlet');
}

/** A fresh 6-digit passcode from the CSPRNG; only its argon2id hash is stored. */
export const generatePasscode = () => String(randomInt(0, 10 ** PASSCODE_LENGTH)).padStart(PASSCODE_LENGTH, '0');

export interface ScreenWithPasscode {
  screen: Screen;
  passcode: string;
}

/** Says a code is in use only when the caller can see that screen (decision 040); else "not available". */
async function takenCode(ctx: ServiceContext, code: string) {
  const { db, caller } = ctx;
  const [seen] = await db
    .select({ id: screens.id })
    .from(screens)
    .where(and(eq(screens.screenCode, code), scopedByOutlet(caller, screens.outletId)));
  return conflict(
    seen ? `Screen code ${code} is already in use` : `Screen code ${code} is not available; choose another`,
  );
}

export async function createScreen(ctx: ServiceContext, input: ScreenCreate): Promise<ScreenWithPasscode> {
  const { db } = ctx;
  await assertOutletReachable(ctx, input.outlet_id);
  const passcode = generatePasscode();
  try {
    const [row] = await db
      .insert(screens)
      .values({
        outletId: input.outlet_id,
        screenCode: input.screen_code,
        name: input.name,
        tags: input.tags,
        passcodeHash: await hashSecret(passcode),
      })
      .returning({ id: screens.id });
    return { screen: await getScreen(ctx, row!.id), passcode };
  } catch (error) {
    if (isUniqueViolation(error, 'screens_code_uq')) throw await takenCode(ctx, input.screen_code);
    throw error;
  }
}

/** Edits a screen; disabling it ends its sessions at once (the player is told over its event stream). */
export async function updateScreen(ctx: ServiceContext, id: string, change: ScreenUpdate): Promise<Screen> {
  const { db } = ctx;
  const before = await getScreen(ctx, id);
  if (change.outlet_id) await assertOutletReachable(ctx, change.outlet_id);
  const disabled = change.status === 'DISABLED' && before.status !== 'DISABLED';
  await db
    .update(screens)
    .set({
      name: change.name,
      tags: change.tags,
      status: change.status,
      outletId: change.outlet_id,
      sessionsValidAfter: disabled ? new Date() : undefined,
      updatedAt: sql`now()`,
    })
    .where(eq(screens.id, id));
  await ctx.emit({ type: 'screen.changed', screenId: id, reason: disabled ? 'disabled' : 'updated' });
  return getScreen(ctx, id);
}

/**
 * A new passcode, answered once: the lock clears and every session issued before now ends,
 * so a screen someone else connected stops (docs/design.md §4a).
 */
export async function resetPasscode(ctx: ServiceContext, id: string): Promise<ScreenWithPasscode> {
  const { db } = ctx;
  const { screen_code } = await getScreen(ctx, id);
  const passcode = generatePasscode();
  await db
    .update(screens)
    .set({
      passcodeHash: await hashSecret(passcode),
      sessionsValidAfter: new Date(),
      updatedAt: sql`now()`,
    })
    .where(eq(screens.id, id));
  await clearSignInThrottles(db, 'screen', screen_code);
  await ctx.emit({ type: 'screen.changed', screenId: id, reason: 'passcode-reset' });
  return { screen: await getScreen(ctx, id), passcode };
}

/** Deletes a screen that never played; one with proof of play is disabled instead (409). */
export async function deleteScreen(ctx: ServiceContext, id: string): Promise<void> {
  const { db } = ctx;
  const screen = await getScreen(ctx, id);
  // Existence, not a count: a busy screen has millions of plays.
  const [[played], [paid]] = await Promise.all([
    db.select({ id: playbackLogs.id }).from(playbackLogs).where(eq(playbackLogs.screenId, id)).limit(1),
    db.select({ id: screenPayouts.id }).from(screenPayouts).where(eq(screenPayouts.screenId, id)).limit(1),
  ]);
  if (played || paid) {
    throw conflict(`Screen ${screen.screen_code} has proof of play or payouts; disable it instead of deleting it`);
  }
  await db.delete(screens).where(eq(screens.id, id));
  await ctx.emit({ type: 'screen.changed', screenId: id, reason: 'disabled' });
}
