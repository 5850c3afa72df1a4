import type { Database } from '../../src/db/client.ts';
import { screenActivity, screenStateChanges } from '../../src/db/schema.ts';

const DAY = 86_400_000;

/** The instant a zone's wall clock reads `hour`:00 on `date` (the offset taken at that moment). */
export function atLocal(date: string, hour: number, timeZone: string): number {
  const guess = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(guess);
  const part = (type: string) => wall.find((one) => one.type === type)!.value;
  const shown = Date.parse(`${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`);
  return guess - (shown - guess);
}

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
