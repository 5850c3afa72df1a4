/**
 * Plays already promised on a screen-hour of a flight, keyed by `screenHourKey`. Inventory reads
 * it and never writes it: availability = capacity − reserved.
 */
export interface ReservedPlays {
  reserved(query: { screenIds: readonly string[]; startsOn: string; endsOn: string }): Promise<Map<string, number>>;
}

/** A screen-hour by its local date and hour (0–23) in the screen's own zone. */
export const screenHourKey = (screenId: string, date: string, hour: number) => `${screenId} ${date} ${hour}`;

/**
 * Nothing is held or booked before line items exist (issue 20, point 3): the booking step
 * supplies the implementation that sums its held and booked guaranteed plans per screen-hour.
 */
export const NOTHING_RESERVED: ReservedPlays = { reserved: async () => new Map() };
