import { hourOfWeek } from '@adloop/contract/audience';
import type { PlaybackLogEntry, RefusedPlay } from '@adloop/contract/screen';
import { and, arrayOverlaps, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, lineItemPlans, lineItems } from '../../db/schema.ts';
import type { Transaction } from '../../lib/context.ts';
import { audiencesOf } from '../inventory/audience.service.ts';
import { deliveredHours, deliveredTotals, hourKey } from './line-item-delivery.ts';
import { companyBalance, deliveryCap, lockLineItem } from './pacing.service.ts';

export interface PlanCheck {
  accepted: PlaybackLogEntry[];
  refused: RefusedPlay[];
  /** Each accepted play of a line item's creative: its line item, whose delivery it grows once stored. */
  lineItemOf: Map<string, string>;
}

/**
 * The plans' side of play acceptance (decision 084): a play of a creative of a booked, active or
 * completed line item, on a date of its flight, is stored only within the plan the server handed
 * that screen for that hour, and while the line item's delivery stays within goal + 5 % (plays)
 * and its spend within its budget and the advertiser's balance. A screen, honest, late or forged, cannot deliver past its plan.
 * Runs under the screen's lock, taking each line item's lock in id order.
 */
export async function withinPlans(
  tx: Transaction,
  screenId: string,
  logs: readonly PlaybackLogEntry[],
  priceOf: (log: PlaybackLogEntry) => number,
): Promise<PlanCheck> {
  const lineItemOf = new Map<string, string>();
  if (logs.length === 0) return { accepted: [], refused: [], lineItemOf };
  const dates = logs.map((log) => log.play_date).sort();
  const adIds = [...new Set(logs.map((log) => log.ad_id))];
  const items = await tx
    .select({ item: lineItems, budgetCap: campaigns.budgetCapMinor, companyId: campaigns.companyId })
    .from(lineItems)
    .innerJoin(campaigns, eq(campaigns.id, lineItems.campaignId))
    .where(
      and(
        inArray(campaigns.status, ['BOOKED', 'ACTIVE', 'COMPLETED']),
        arrayOverlaps(lineItems.adIds, adIds),
        lte(lineItems.startsOn, dates.at(-1)!),
        gte(lineItems.endsOn, dates[0]!),
      ),
    )
    .orderBy(asc(lineItems.id));
  if (items.length === 0) return { accepted: [...logs], refused: [], lineItemOf };

  const db = tx as unknown as Database;
  const refused: RefusedPlay[] = [];
  const refusedIds = new Set<string>();
  const balances = new Map<string, number>();
  for (const { item, budgetCap, companyId } of items) {
    const mine = logs
      .filter((log) => item.adIds.includes(log.ad_id) && log.play_date >= item.startsOn && log.play_date <= item.endsOn)
      .sort((a, b) => a.played_at.localeCompare(b.played_at));
    if (mine.length === 0) continue;
    await lockLineItem(tx, item.id);
    const plans = await tx
      .select()
      .from(lineItemPlans)
      .where(and(eq(lineItemPlans.lineItemId, item.id), eq(lineItemPlans.screenId, screenId)));
    const planAt = new Map(plans.map((plan) => [hourKey(screenId, plan.localDate, plan.hour), plan.maxPlays]));
    // What it delivered, read under its lock: everywhere in all, and here per hour.
    const [here, totals] = await Promise.all([deliveredHours(db, item, { screenId }), deliveredTotals(db, item.id)]);
    const taken = new Map(here.map((row) => [hourKey(screenId, row.date, row.hour), row.plays]));
    let { plays, spend, impressions } = totals;
    // An IMPRESSIONS goal is capped in impressions: plays × the screen's figure for the hour (decision 085).
    const audience = item.goalKind === 'IMPRESSIONS' ? (await audiencesOf(db, [screenId])).get(screenId) : undefined;
    const perPlay = (date: string, hour: number) => audience?.[hourOfWeek(date, hour)] ?? 0;
    const impressionCap = item.goalKind === 'IMPRESSIONS' ? deliveryCap(item.goalQuantity) : Number.POSITIVE_INFINITY;
    const playCap = item.goalKind === 'PLAYS' ? deliveryCap(item.goalQuantity) : Number.POSITIVE_INFINITY;
    if (!balances.has(companyId)) balances.set(companyId, await companyBalance(db, companyId));
    const moneyCap = Math.min(
      item.goalKind === 'BUDGET' ? item.goalQuantity : Number.POSITIVE_INFINITY,
      budgetCap ?? Number.POSITIVE_INFINITY,
    );
    for (const log of mine) {
      const hour = Number(log.play_time.slice(0, 2));
      const key = hourKey(screenId, log.play_date, hour);
      const price = priceOf(log);
      const seen = log.play_count * perPlay(log.play_date, hour);
      const planned = planAt.get(key) ?? 0;
      let reason: string | null = null;
      if ((taken.get(key) ?? 0) + log.play_count > planned) {
        reason = `beyond the plan of line item "${item.name}" for this screen and hour (${planned} plays)`;
      } else if (plays + log.play_count > playCap || impressions + seen > impressionCap) {
        reason = `line item "${item.name}" has delivered its goal`;
      } else if (spend + price > moneyCap) {
        reason = `line item "${item.name}" has spent its budget`;
      } else if (price > balances.get(companyId)!) {
        reason = `the advertiser's balance does not cover line item "${item.name}"`;
      }
      if (reason) {
        refused.push({ id: log.id, reason });
        refusedIds.add(log.id);
        continue;
      }
      taken.set(key, (taken.get(key) ?? 0) + log.play_count);
      plays += log.play_count;
      impressions += seen;
      spend += price;
      balances.set(companyId, balances.get(companyId)! - price);
      lineItemOf.set(log.id, item.id);
    }
  }
  return { accepted: logs.filter((log) => !refusedIds.has(log.id)), refused, lineItemOf };
}
