import type { Pacing } from '@adloop/contract/campaigns';

/** One eligible screen-hour of a flight: its local date and hour and the plays still available there. */
export interface ScreenHour {
  screenId: string;
  date: string;
  hour: number;
  available: number;
}

export interface PlanRules {
  goal: number;
  pacing: Pacing;
  maxPlaysPerScreenHour: number | null;
  /** Plays a day over all screens; a day is the screen-hours' local date. */
  dailyCap: number | null;
  /** Plays of each local date already delivered or handed out, which its daily cap no longer leaves. */
  dayUsed?: ReadonlyMap<string, number>;
}

export type PlannedHour<T extends ScreenHour = ScreenHour> = T & { plays: number };

export interface Plan<T extends ScreenHour = ScreenHour> {
  /** Screen-hours given at least one play, earliest first. */
  hours: PlannedHour<T>[];
  planned: number;
  /** Plays of the goal that no screen-hour, cap or day could take. */
  shortfall: number;
}

interface Slot {
  index: number;
  room: number;
  weight: number;
  day: string;
}

/**
 * Spreads `goal` over the slots in proportion to their weights, each slot capped by its room and
 * each day by what its cap leaves (`dayLeft`, changed in place), in whole plays. Water-filling:
 * each round hands out the whole part of every open slot's share; if a slot or a day held less
 * than its share, it leaves and what is left goes round again; otherwise the plays left (fewer than
 * the open slots) go one each by largest remainder, so every slot is within one play of its exact
 * share. It stops only when the goal is met or every slot or its day is full, so it plans
 * min(goal, what fits).
 */
function fill(goal: number, slots: Slot[], given: number[], dayLeft: Map<string, number>): number {
  let remaining = goal;
  let open = slots.filter((slot) => slot.room > 0 && slot.weight > 0);
  const roomOf = (slot: Slot) => Math.min(slot.room - given[slot.index]!, dayLeft.get(slot.day) ?? Infinity);
  while (remaining > 0) {
    open = open.filter((slot) => roomOf(slot) > 0);
    if (open.length === 0) break;
    const totalWeight = open.reduce((sum, slot) => sum + slot.weight, 0);
    const ideal = open.map((slot) => (remaining * slot.weight) / totalWeight);
    let held = false;
    const shares = open.map((slot, n) => {
      const whole = Math.floor(ideal[n]!);
      const room = slot.room - given[slot.index]!;
      if (whole > room) held = true;
      return Math.min(whole, room);
    });
    // A day's shares beyond what its cap leaves are scaled down to fit.
    const askedOfDay = new Map<string, number>();
    open.forEach((slot, n) => {
      askedOfDay.set(slot.day, (askedOfDay.get(slot.day) ?? 0) + shares[n]!);
    });
    open.forEach((slot, n) => {
      const left = dayLeft.get(slot.day) ?? Infinity;
      const asked = askedOfDay.get(slot.day)!;
      if (asked > left) {
        shares[n] = Math.floor((shares[n]! * left) / asked);
        held = true;
      }
    });
    let handed = 0;
    open.forEach((slot, n) => {
      const share = shares[n]!;
      if (share === 0) return;
      given[slot.index]! += share;
      if (dayLeft.has(slot.day)) dayLeft.set(slot.day, dayLeft.get(slot.day)! - share);
      handed += share;
    });
    remaining -= handed;
    if (held && handed > 0) continue;
    const byRemainder = open
      .map((slot, n) => ({ slot, rest: ideal[n]! - shares[n]! }))
      .sort((a, b) => b.rest - a.rest || a.slot.index - b.slot.index);
    let extra = 0;
    for (const { slot } of byRemainder) {
      if (remaining === 0) break;
      if (roomOf(slot) <= 0) continue;
      given[slot.index]! += 1;
      if (dayLeft.has(slot.day)) dayLeft.set(slot.day, dayLeft.get(slot.day)! - 1);
      remaining -= 1;
      extra += 1;
    }
    if (handed === 0 && extra === 0) break;
  }
  return goal - remaining;
}

/**
 * Splits `plays` of one hour over its screen-hours (`members`, indices into `available` and
 * `room`) in proportion to what is available on each, none past its room, in whole plays summing
 * to `plays` (which the caller keeps within their rooms' sum). Systematic rounding: running along
 * the screens, each takes the whole plays its running share crosses, so each is within one play of
 * its exact share; a screen whose share passes its room keeps its room and the rest goes round the
 * others again. One pass over the screens, two or three when caps bind.
 */
function splitHour(
  plays: number,
  members: Int32Array,
  available: Float64Array,
  room: Float64Array,
  given: Int32Array,
): void {
  let remaining = plays;
  // The screens still open, compacted to the front of `members`, which is a scratch copy the caller gives up.
  let open = members.length;
  while (remaining > 0 && open > 0) {
    let weight = 0;
    for (let k = 0; k < open; k += 1) weight += available[members[k]!]!;
    if (weight <= 0) break;
    let running = 0.5;
    let handed = 0;
    let stillOpen = 0;
    for (let k = 0; k < open; k += 1) {
      const n = members[k]!;
      const before = Math.floor(running);
      running += (remaining * available[n]!) / weight;
      const share = Math.min(Math.floor(running) - before, room[n]! - given[n]!);
      given[n]! += share;
      handed += share;
      if (given[n]! < room[n]!) members[stillOpen++] = n;
    }
    remaining -= handed;
    // Everything fitted, or nothing could (rounding left a play no open screen's share reached).
    if (handed === 0) {
      for (let k = 0; k < stillOpen && remaining > 0; k += 1) {
        given[members[k]!]! += 1;
        remaining -= 1;
      }
      break;
    }
    open = stillOpen;
  }
}

/**
 * The plan of a line item for booking and pacing (decision 084): its goal in plays spread over the
 * eligible screen-hours in proportion to the plays available there. EVEN weighs every hour alike,
 * FRONTLOADED weighs the flight's first hour 1.5 and its last 0.5 (linearly between), ASAP fills
 * the earliest hours first. Each screen-hour takes at most max_plays_per_screen_hour and what is
 * available, each day at most daily_cap; plays are whole and sum to the goal when it fits.
 *
 * Planned in two steps, so a flight over thousands of screens plans in linear time: the goal over
 * the flight's hours (each weighing what all its screens have available, holding what their rooms
 * sum to, by water-filling within the daily caps), then each hour's plays over its screens by what
 * each has available (`splitHour`). What a capped screen cannot take stays in its hour, on the
 * others, so the plan keeps the shape over time that the pacing asks for.
 */
export function planLineItem<T extends ScreenHour>(screenHours: readonly T[], rules: PlanRules): Plan<T> {
  const count = screenHours.length;
  // Time as a number (day of the flight × 24 + hour): a counting sort groups the screen-hours by it.
  // Consecutive screen-hours mostly share a date, so each date is looked up once per run of them.
  let first = '';
  let last = '';
  let seenDate = '';
  for (let n = 0; n < count; n += 1) {
    const date = screenHours[n]!.date;
    if (date === seenDate) continue;
    seenDate = date;
    if (first === '' || date < first) first = date;
    if (date > last) last = date;
  }
  const origin = count === 0 ? 0 : Date.parse(`${first}T00:00:00Z`);
  const days = count === 0 ? 0 : Math.round((Date.parse(`${last}T00:00:00Z`) - origin) / 86_400_000) + 1;
  const dates = Array.from({ length: days }, (_, n) => new Date(origin + n * 86_400_000).toISOString().slice(0, 10));
  const span = days * 24;
  const timeOf = new Int32Array(count);
  const available = new Float64Array(count);
  const room = new Float64Array(count);
  const start = new Int32Array(span + 1);
  const cap = rules.maxPlaysPerScreenHour ?? Infinity;
  seenDate = '';
  let dayStart = 0;
  const dayStarts = new Map<string, number>();
  for (let n = 0; n < count; n += 1) {
    const slot = screenHours[n]!;
    if (slot.date !== seenDate) {
      seenDate = slot.date;
      dayStart = dayStarts.get(seenDate) ?? -1;
      if (dayStart < 0) {
        dayStart = Math.round((Date.parse(`${seenDate}T00:00:00Z`) - origin) / 86_400_000) * 24;
        dayStarts.set(seenDate, dayStart);
      }
    }
    const time = dayStart + slot.hour;
    timeOf[n] = time;
    available[n] = Math.max(0, slot.available);
    room[n] = Math.max(0, Math.floor(Math.min(slot.available, cap)));
    start[time + 1]! += 1;
  }
  for (let time = 0; time < span; time += 1) start[time + 1]! += start[time]!;
  const order = new Int32Array(count);
  const next = start.slice(0, span);
  for (let n = 0; n < count; n += 1) order[next[timeOf[n]!]!++] = n;

  // The hours of the flight that have screen-hours, earliest first, with what they hold.
  const hours: Array<{ time: number; available: number; room: number }> = [];
  for (let time = 0; time < span; time += 1) {
    if (start[time + 1] === start[time]) continue;
    let hourAvailable = 0;
    let hourRoom = 0;
    for (let at = start[time]!; at < start[time + 1]!; at += 1) {
      hourAvailable += available[order[at]!]!;
      hourRoom += room[order[at]!]!;
    }
    hours.push({ time, available: hourAvailable, room: hourRoom });
  }
  const lastRank = Math.max(1, hours.length - 1);
  const slots: Slot[] = hours.map((hour, index) => {
    const t = hours.length > 1 ? index / lastRank : 0;
    const pace = rules.pacing === 'FRONTLOADED' ? 1.5 - t : 1;
    return { index, room: hour.room, weight: hour.available * pace, day: dates[Math.floor(hour.time / 24)]! };
  });
  const perHour = hours.map(() => 0);
  const dayLeft = new Map<string, number>();
  if (rules.dailyCap !== null) {
    for (const date of dates) dayLeft.set(date, Math.max(0, rules.dailyCap - (rules.dayUsed?.get(date) ?? 0)));
  }

  let planned = 0;
  if (rules.pacing === 'ASAP') {
    for (const slot of slots) {
      if (planned >= rules.goal) break;
      planned += fill(rules.goal - planned, [slot], perHour, dayLeft);
    }
  } else {
    planned = fill(rules.goal, slots, perHour, dayLeft);
  }

  const given = new Int32Array(count);
  const plannedHours: PlannedHour<T>[] = [];
  hours.forEach((hour, index) => {
    const plays = perHour[index]!;
    if (plays === 0) return;
    const from = start[hour.time]!;
    const to = start[hour.time + 1]!;
    splitHour(plays, order.slice(from, to), available, room, given);
    for (let at = from; at < to; at += 1) {
      const n = order[at]!;
      if (given[n]! > 0) plannedHours.push({ ...screenHours[n]!, plays: given[n]! });
    }
  });
  return { hours: plannedHours, planned, shortfall: rules.goal - planned };
}
