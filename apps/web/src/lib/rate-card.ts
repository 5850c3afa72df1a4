import type { OutletTier } from '@adloop/contract/constants';
import { BASE_MULTIPLIER_BPS } from '@adloop/contract/rate-card-rules';

/** How the product names the outlet tiers (decision 033). */
export const TIER_LABELS: Record<OutletTier, string> = {
  STANDARD: 'Standard',
  PREMIUM: 'Premium',
  FLAGSHIP: 'Flagship',
};

export const TIER_DESCRIPTIONS: Record<OutletTier, string> = {
  STANDARD: 'Neighbourhood cafés, gyms and salons',
  PREMIUM: 'High-footfall venues and malls',
  FLAGSHIP: 'Landmark venues and transit hubs',
};

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 12500 bps → "×1.25", 10000 → "×1". */
export function formatMultiplier(bps: number): string {
  return `×${(bps / BASE_MULTIPLIER_BPS).toLocaleString('en-IN', { maximumFractionDigits: 4 })}`;
}

/** "1.25" → 12500 bps, from the digits (never a float product); null when not a multiplier of at most 4 decimals. */
export function parseMultiplier(text: string): number | null {
  const match = /^\s*×?\s*(\d{1,3})(?:\.(\d{0,4}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * BASE_MULTIPLIER_BPS + Number((match[2] ?? '').padEnd(4, '0'));
}

/** [] → "Every day"; [1,2,3,4,5] → "Mon–Fri"; otherwise the days' short names. */
export function formatDays(days: readonly number[]): string {
  if (days.length === 0 || days.length === 7) return 'Every day';
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.join() === '1,2,3,4,5') return 'Mon–Fri';
  if (sorted.join() === '0,6') return 'Weekends';
  return sorted.map((day) => DAY_NAMES[day]).join(', ');
}

export const WEEK_DAYS = DAY_NAMES.map((name, day) => ({ day, name }));

/** "12:00–14:00", with "(next day)" when the window crosses midnight. */
export function formatWindow(start: string, end: string): string {
  return `${start}–${end}${end < start ? ' (next day)' : ''}`;
}
