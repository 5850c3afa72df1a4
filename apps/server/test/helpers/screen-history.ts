import { zonedInstant } from '@adloop/contract/clock';
import type { Database } from '../../src/db/client.ts';
import { screenActivity, screenStateChanges } from '../../src/db/schema.ts';

const DAY = 86_400_000;

/** The instant a zone's wall clock reads `hour`:00 on `date`. */
export const atLocal = (date: string, hour: number, timeZone: string): number =>
  zonedInstant(date, `${String(hour).padStart(2, '0')}:00:00`, timeZone).getTime();

const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * A screen on from 09:00 to 17:00 of its zone every day of the last `days` (the state changes the
 * server derives from its activity), so its capacity is known: 3,600 s ÷ spot length an hour then.
 */
export async function onNineToFive(
  db: Database,
  screen: { id: string; outletId: string },
  timeZone: string,
  days: number,
) {
  const now = Date.now();
  const [source] = await db
    .insert(screenActivity)
    .values({
      screenId: screen.id,
      outletId: screen.outletId,
      kind: 'ONLINE',
      occurredAt: new Date(now - days * DAY),
      activityDate: utcDate(now - days * DAY),
      activityTime: '09:00:00',
    })
    .returning();
  const changes: Array<typeof screenStateChanges.$inferInsert> = [];
  for (let back = days; back >= 0; back -= 1) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now - back * DAY);
    const on = atLocal(date, 9, timeZone);
    const off = atLocal(date, 17, timeZone);
    const base = { screenId: screen.id, outletId: screen.outletId, sourceId: source!.id };
    if (on < now && on >= now - days * DAY) changes.push({ ...base, kind: 'ONLINE', occurredAt: new Date(on) });
    if (off < now && off >= now - days * DAY) {
      changes.push({ ...base, kind: 'OFFLINE', offlineReason: 'DISPLAY_CLOSED', occurredAt: new Date(off) });
    }
  }
  await db.insert(screenStateChanges).values(changes);
}

/** A screen on air day and night for the last `days`: one state change, ONLINE, and nothing since. */
export async function alwaysOn(db: Database, screen: { id: string; outletId: string }, days: number) {
  const at = Date.now() - days * DAY;
  const [source] = await db
    .insert(screenActivity)
    .values({
      screenId: screen.id,
      outletId: screen.outletId,
      kind: 'ONLINE',
      occurredAt: new Date(at),
      activityDate: utcDate(at),
      activityTime: new Date(at).toISOString().slice(11, 19),
    })
    .returning();
  await db.insert(screenStateChanges).values({
    screenId: screen.id,
    outletId: screen.outletId,
    sourceId: source!.id,
    kind: 'ONLINE',
    occurredAt: new Date(at),
  });
}
