import { and, gte, inArray, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { playRollupsDaily } from '../../db/schema.ts';
import { isHousePlay } from '../../lib/house-content.ts';
import { averagePrice, payoutWorking } from './payout-math.ts';
import type { CoveredScreen } from './payout-target.ts';

/** A screen's plays of one day of a payout period and the sum of their prices, in paise. */
export interface PricedDay {
  screenId: string;
  date: string;
  plays: number;
  grossMinor: number;
}

/**
 * The one pricing of payouts (decisions 033, 050, 092): the screens' plays per day of the period and
 * the sum of their prices, each play priced by the rate card in force when it played (summed in the
 * rollups, never the raw plays). The outlet's own content is no paid play: it counts neither in
 * plays nor in the rate (decision 090). The payout proposal and an outlet's earnings both price
 * through this, so what a venue reads as earned is what it is paid.
 */
export async function pricedDays(db: Database, screenIds: string[], start: string, end: string): Promise<PricedDay[]> {
  if (screenIds.length === 0) return [];
  const rows = await db
    .select({
      screenId: playRollupsDaily.screenId,
      date: sql<string>`${playRollupsDaily.playDate}::text`,
      plays: sql<number>`sum(${playRollupsDaily.plays})::int`,
      // bigint sums arrive as text; a screen's gross stays far below 2^53 paise.
      grossMinor: sql<string>`sum(${playRollupsDaily.amountMinor})::text`,
    })
    .from(playRollupsDaily)
    .where(
      and(
        inArray(playRollupsDaily.screenId, screenIds),
        not(isHousePlay(playRollupsDaily.companyId, playRollupsDaily.outletId)),
        gte(playRollupsDaily.playDate, start),
        lte(playRollupsDaily.playDate, end),
      ),
    )
    .groupBy(playRollupsDaily.screenId, playRollupsDaily.playDate)
    .orderBy(playRollupsDaily.playDate);
  return rows.map((row) => ({ ...row, grossMinor: Number(row.grossMinor) }));
}

/** A screen's payout line from its priced days: its plays, the average price, gross − commission. */
export function payoutLineOf(screen: CoveredScreen, days: readonly PricedDay[]) {
  const own = days.filter((day) => day.screenId === screen.screenId);
  const plays = own.reduce((sum, day) => sum + day.plays, 0);
  const gross = own.reduce((sum, day) => sum + day.grossMinor, 0);
  return {
    screen_id: screen.screenId,
    screen_code: screen.screenCode,
    outlet_id: screen.outletId,
    outlet_name: screen.outletName,
    outlet_code: screen.outletCode,
    plays,
    rate_minor: averagePrice(gross, plays),
    commission_bps: screen.commissionBps,
    ...payoutWorking(gross, screen.commissionBps),
  };
}
