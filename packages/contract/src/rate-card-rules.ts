import type { OutletTier } from './constants.ts';
import { minutesOf } from './targeting.ts';

/**
 * The rate card (decision 033): what one play costs, by the outlet's tier, multiplied in peak
 * dayparts. Cards are never edited: a new card takes effect from its `effective_from`, so every
 * play is priced by the card in force at its own instant. The pure functions below are shared by
 * the server (ingestion) and the web (the price matrix of /pricing and the dashboard).
 */

/** The base multiplier: 10,000 basis points = ×1. */
export const BASE_MULTIPLIER_BPS = 10_000;
/** A card takes effect at the earliest this long after it is saved (decision 033). */
export const RATE_CARD_LEAD_MS = 10_000;
export const MAX_RATE_MINOR = 100_000;
export const MAX_DAYPARTS = 20;
export const MIN_MULTIPLIER_BPS = 1_000;
export const MAX_MULTIPLIER_BPS = 100_000;

export const RATE_CARD_STATUSES = ['IN_FORCE', 'SCHEDULED', 'PAST'] as const;
export type RateCardStatus = (typeof RATE_CARD_STATUSES)[number];

export interface Daypart {
  name: string;
  /** 0 = Sunday … 6 = Saturday, the day the window starts; empty = every day. */
  days_of_week: number[];
  /** HH:MM on the screen's wall clock; the end is exclusive and may be past midnight. */
  start_time: string;
  end_time: string;
  multiplier_bps: number;
}

/** What pricing needs of a card. */
export interface PricingCard {
  effective_from: string;
  tiers: Record<OutletTier, number>;
  dayparts: Daypart[];
}

export interface PlayPrice {
  rate_minor: number;
  multiplier_bps: number;
  daypart_name: string | null;
  /** rate × multiplier / 10,000, rounded half up to a whole minor unit. */
  price_minor: number;
}

/** The card in force at `instant`: the one with the latest effective_from not after it. */
export function cardInForce<T extends { effective_from: string }>(
  cards: readonly T[],
  instant: Date | number,
): T | null {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  let found: T | null = null;
  let foundFrom = Number.NEGATIVE_INFINITY;
  for (const card of cards) {
    const from = Date.parse(card.effective_from);
    if (from <= at && from > foundFrom) {
      found = card;
      foundFrom = from;
    }
  }
  return found;
}

/** The first card to take effect after `instant`, if one is scheduled. */
export function nextCard<T extends { effective_from: string }>(cards: readonly T[], instant: Date | number): T | null {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  let found: T | null = null;
  for (const card of cards) {
    const from = Date.parse(card.effective_from);
    if (from > at && (found === null || from < Date.parse(found.effective_from))) found = card;
  }
  return found;
}

function dayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const onDay = (daypart: Daypart, day: number) =>
  daypart.days_of_week.length === 0 || daypart.days_of_week.includes(day);

/**
 * Whether a daypart covers a wall-clock moment. As with ad schedules (decision 032), a window
 * whose end is before its start crosses midnight and its part after midnight belongs to the day
 * it started: a Friday 22:00-02:00 window covers 01:00 on Saturday, not 01:00 on Friday.
 */
export function daypartCovers(daypart: Daypart, day: number, minutes: number): boolean {
  const start = minutesOf(daypart.start_time);
  const end = minutesOf(daypart.end_time);
  if (start < end) return minutes >= start && minutes < end && onDay(daypart, day);
  if (minutes >= start) return onDay(daypart, day);
  if (minutes < end) return onDay(daypart, (day + 6) % 7);
  return false;
}

/** rate × bps / 10,000 rounded half up, in integers only (both are far below 2^26). */
export function applyMultiplier(rateMinor: number, multiplierBps: number): number {
  const scaled = rateMinor * multiplierBps + BASE_MULTIPLIER_BPS / 2;
  return (scaled - (scaled % BASE_MULTIPLIER_BPS)) / BASE_MULTIPLIER_BPS;
}

/**
 * The price of one play at an outlet of `tier`, on the screen's own date and time (YYYY-MM-DD,
 * HH:MM or HH:MM:SS). Where dayparts overlap the highest multiplier wins; outside every daypart
 * the tier's base rate applies.
 */
export function priceOfPlay(card: PricingCard, tier: OutletTier, playDate: string, playTime: string): PlayPrice {
  const rate = card.tiers[tier];
  const day = dayOf(playDate);
  const minutes = minutesOf(playTime);
  let best: Daypart | null = null;
  for (const daypart of card.dayparts) {
    if (daypartCovers(daypart, day, minutes) && (best === null || daypart.multiplier_bps > best.multiplier_bps)) {
      best = daypart;
    }
  }
  const multiplier = best?.multiplier_bps ?? BASE_MULTIPLIER_BPS;
  return {
    rate_minor: rate,
    multiplier_bps: multiplier,
    daypart_name: best?.name ?? null,
    price_minor: applyMultiplier(rate, multiplier),
  };
}

/** Status of each card at `now`: the one in force, those still to come, and those replaced. */
export function statusOf(cards: readonly { id: string; effective_from: string }[], id: string, now: Date | number) {
  const at = typeof now === 'number' ? now : now.getTime();
  const card = cards.find((each) => each.id === id);
  if (!card || Date.parse(card.effective_from) > at) return 'SCHEDULED' as const;
  return cardInForce(cards, at)?.id === id ? ('IN_FORCE' as const) : ('PAST' as const);
}
