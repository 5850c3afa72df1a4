import type { ChartConfig } from '@/components/ui/chart';

/** Five distinguishable hues per theme, for slices of a pie or bars of different series. */
export const PALETTE = [
  { light: 'oklch(0.511 0.262 276.966)', dark: 'oklch(0.673 0.182 276.935)' },
  { light: 'oklch(0.6 0.118 184.704)', dark: 'oklch(0.696 0.17 162.48)' },
  { light: 'oklch(0.769 0.188 70.08)', dark: 'oklch(0.769 0.188 70.08)' },
  { light: 'oklch(0.645 0.246 16.439)', dark: 'oklch(0.645 0.246 16.439)' },
  { light: 'oklch(0.398 0.07 227.392)', dark: 'oklch(0.627 0.265 303.9)' },
] as const;

export const OTHER_COLOR = { light: 'oklch(0.705 0.015 286.067)', dark: 'oklch(0.552 0.016 285.938)' } as const;

export const PLAYS_CONFIG = {
  plays: { label: 'Plays', theme: PALETTE[0] },
} satisfies ChartConfig;

/** Plays with the impressions they made (decision 085), for a chart that draws both. */
export const PLAYS_AND_IMPRESSIONS_CONFIG = {
  ...PLAYS_CONFIG,
  impressions: { label: 'Impressions (est.)', theme: PALETTE[1] },
} satisfies ChartConfig;
