/** How dark a heat-map cell is: `none` outside the dayparts, 0 when nothing is left, 1-4 by share of the busiest hour. */
export type HeatLevel = 'none' | 0 | 1 | 2 | 3 | 4;

/** The most plays available in any one hour of the map: the scale the cells are shaded against. */
export function heatScale(days: ReadonlyArray<{ available: ReadonlyArray<number | null> }>): number {
  let most = 0;
  for (const day of days) for (const plays of day.available) if (plays !== null && plays > most) most = plays;
  return most;
}

/**
 * A cell's shade: quarters of the scale, so any hour with plays left is at least level 1 and the
 * busiest hours are level 4.
 */
export function heatLevel(available: number | null, scale: number): HeatLevel {
  if (available === null) return 'none';
  if (available <= 0 || scale <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((available / scale) * 4))) as HeatLevel;
}

/** "10:00–11:00" for hour 10: a local hour of the screens' outlets. */
export function hourRange(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}

/** What a cell says to a screen reader and in its tooltip. */
export function heatCellText(available: number | null, capacity: number | null): string {
  if (available === null) return 'outside the dayparts';
  const of = capacity !== null && capacity !== available ? ` of ${capacity.toLocaleString('en-IN')}` : '';
  return `${available.toLocaleString('en-IN')}${of} plays available`;
}
