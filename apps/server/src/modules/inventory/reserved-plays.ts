import { and, eq, gt, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaignReservations, campaigns, lineItems } from '../../db/schema.ts';

/**
 * Plays already promised on a screen-hour of a flight, keyed by `screenHourKey`. Inventory reads
 * it and never writes it: availability = capacity − reserved.
 */
export interface ReservedPlays {
  reserved(query: { screenIds: readonly string[]; startsOn: string; endsOn: string }): Promise<Map<string, number>>;
}

/** A screen-hour by its local date and hour (0–23) in the screen's own zone. */
export const screenHourKey = (screenId: string, date: string, hour: number) => `${screenId} ${date} ${hour}`;

/** Nothing reserved: what a line item would have if no campaign were held or booked. */
export const NOTHING_RESERVED: ReservedPlays = { reserved: async () => new Map() };

/**
 * What held and booked guaranteed line items promised (decision 084): the `campaign_reservations`
 * of guaranteed line items of BOOKED and ACTIVE campaigns and of HELD ones whose hold has not
 * expired at `now` (an expired hold counts as a draft). A non-guaranteed line item's rows are its
 * booked plan, what its delivery is read against; they promise nothing. `exceptCampaignId` leaves out the campaign being held or booked: its own plan replaces them.
 */
export function campaignReservedPlays(
  db: Database,
  { now = new Date(), exceptCampaignId }: { now?: Date; exceptCampaignId?: string } = {},
): ReservedPlays {
  return {
    async reserved({ screenIds, startsOn, endsOn }) {
      if (screenIds.length === 0) return new Map();
      const rows = await db
        .select({
          screenId: campaignReservations.screenId,
          date: campaignReservations.localDate,
          hour: campaignReservations.hour,
          plays: sql<number>`sum(${campaignReservations.plays})::int`,
        })
        .from(campaignReservations)
        .innerJoin(lineItems, eq(lineItems.id, campaignReservations.lineItemId))
        .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
        .where(
          and(
            inArray(campaignReservations.screenId, [...screenIds]),
            gte(campaignReservations.localDate, startsOn),
            lte(campaignReservations.localDate, endsOn),
            eq(lineItems.guaranteed, true),
            or(
              inArray(campaigns.status, ['BOOKED', 'ACTIVE']),
              and(eq(campaigns.status, 'HELD'), gt(campaigns.holdExpiresAt, now)),
            ),
            exceptCampaignId ? ne(campaigns.id, exceptCampaignId) : undefined,
          ),
        )
        .groupBy(campaignReservations.screenId, campaignReservations.localDate, campaignReservations.hour);
      return new Map(rows.map((row) => [screenHourKey(row.screenId, row.date, row.hour), row.plays]));
    },
  };
}
