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

export interface PlannedHour extends ScreenHour {
  plays: number;
}

export interface Plan {
  /** Screen-hours given at least one play, earliest first. */
  hours: PlannedHour[];
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
 * each round hands out the whole-play shares, then a slot or day that filled leaves and its share
 * goes round again; when no share is whole, single plays go by largest remainder. It stops only
 * when the goal is met or every slot or its day is full, so it plans min(goal, what fits).
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
    const shares = open.map((slot, n) => Math.min(Math.floor(ideal[n]!), slot.room - given[slot.index]!));
    // A day's shares beyond what its cap leaves are scaled down to fit.
    const askedOfDay = new Map<string, number>();
    open.forEach((slot, n) => {
      askedOfDay.set(slot.day, (askedOfDay.get(slot.day) ?? 0) + shares[n]!);
    });
    open.forEach((slot, n) => {
      const left = dayLeft.get(slot.day) ?? Infinity;
      const asked = askedOfDay.get(slot.day)!;
      if (asked > left) shares[n] = Math.floor((shares[n]! * left) / asked);
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
    if (handed > 0) continue;
    const byRemainder = open
      .map((slot, n) => ({ slot, rest: ideal[n]! - Math.floor(ideal[n]!) }))
      .sort((a, b) => b.rest - a.rest || a.slot.index - b.slot.index);
    for (const { slot } of byRemainder) {
      if (remaining === 0) break;
      if (roomOf(slot) <= 0) continue;
      given[slot.index]! += 1;
      if (dayLeft.has(slot.day)) dayLeft.set(slot.day, dayLeft.get(slot.day)! - 1);
      remaining -= 1;
    }
  }
  return goal - remaining;
}

/**
 * The plan of a line item for booking (decision 084): its goal in plays spread over the eligible
 * screen-hours in proportion to the plays available there. EVEN weighs every hour alike,
 * FRONTLOADED weighs the flight's first hour 1.5 and its last 0.5 (linearly between), ASAP fills
 * the earliest hours first. Each screen-hour takes at most max_plays_per_screen_hour and what is
 * available, each day at most daily_cap; plays are whole and sum to the goal when it fits.
 */
export function planLineItem(screenHours: readonly ScreenHour[], rules: PlanRules): Plan {
  // Time as a number (day of the flight × 24 + hour) so sorting and weighing never build strings.
  const dates = [...new Set(screenHours.map((slot) => slot.date))].sort();
  const dayOf = new Map(dates.map((date, n) => [date, n]));
  const timeOfSlot = screenHours.map((slot) => dayOf.get(slot.date)! * 24 + slot.hour);
  const screenIds = [...new Set(screenHours.map((slot) => slot.screenId))].sort();
  const rankOfScreen = new Map(screenIds.map((id, n) => [id, n]));
  const sortKey = screenHours.map((slot, n) => timeOfSlot[n]! * screenIds.length + rankOfScreen.get(slot.screenId)!);
  const order = screenHours.map((_, n) => n);
  order.sort((a, b) => sortKey[a]! - sortKey[b]!);
  const ordered = order.map((n) => screenHours[n]!);
  const times = order.map((n) => timeOfSlot[n]!);
  // The position of each distinct time among the flight's times, 0 to 1, for FRONTLOADED weights.
  const rankOf = new Map<number, number>();
  for (const time of times) if (!rankOf.has(time)) rankOf.set(time, rankOf.size);
  const lastRank = Math.max(1, rankOf.size - 1);
  const slots: Slot[] = ordered.map((slot, index) => {
    const room = Math.max(0, Math.min(slot.available, rules.maxPlaysPerScreenHour ?? Infinity));
    const t = rankOf.size > 1 ? rankOf.get(times[index]!)! / lastRank : 0;
    const pace = rules.pacing === 'FRONTLOADED' ? 1.5 - t : 1;
    return { index, room, weight: Math.max(0, slot.available) * pace, day: slot.date };
  });
  const given = ordered.map(() => 0);
  const dayLeft = new Map<string, number>();
  if (rules.dailyCap !== null) {
    for (const date of dates) dayLeft.set(date, Math.max(0, rules.dailyCap - (rules.dayUsed?.get(date) ?? 0)));
  }

  let planned = 0;
  if (rules.pacing === 'ASAP') {
    let from = 0;
    while (from < slots.length && planned < rules.goal) {
      let to = from;
      while (to < slots.length && times[to] === times[from]) to += 1;
      planned += fill(rules.goal - planned, slots.slice(from, to), given, dayLeft);
      from = to;
    }
  } else {
    planned = fill(rules.goal, slots, given, dayLeft);
  }
  const hours: PlannedHour[] = [];
  ordered.forEach((slot, n) => {
    if (given[n]! > 0) hours.push({ ...slot, plays: given[n]! });
  });
  return { hours, planned, shortfall: rules.goal - planned };
}
