import { hourOfWeek } from '@adloop/contract/audience';
import type { PlaybackLogEntry, RefusedPlay } from '@adloop/contract/screen';
import { and, arrayOverlaps, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  campaigns,
  lineItemDeliveryHours,
  lineItemDeliveryTotals,
  lineItemPlans,
  lineItems,
  screenAudiences,
} from '../../db/schema.ts';
import type { Transaction } from '../../lib/context.ts';
import { hourKey } from './line-item-delivery.ts';
import { companyBalanceSql, deliveryCap, lockLineItem } from './pacing.service.ts';

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

  const refused: RefusedPlay[] = [];
  const refusedIds = new Set<string>();
  const balances = new Map<string, number>();
  for (const { item, budgetCap, companyId } of items) {
    const mine = logs
      .filter((log) => item.adIds.includes(log.ad_id) && log.play_date >= item.startsOn && log.play_date <= item.endsOn)
      .sort((a, b) => a.played_at.localeCompare(b.played_at));
    if (mine.length === 0) continue;
    await lockLineItem(tx, item.id);
    // What it may play here and what it delivered, everywhere in all and here per hour, read under its lock.
    const here = await stateHere(tx, item.id, screenId, balances.has(companyId) ? undefined : companyId);
    const planAt = here.plans;
    const taken = here.taken;
    let { plays, spend, impressions } = here.totals;
    // An IMPRESSIONS goal is capped in impressions: plays × the screen's figure for the hour (decision 085).
    const audience = item.goalKind === 'IMPRESSIONS' ? here.audience : undefined;
    const perPlay = (date: string, hour: number) => audience?.[hourOfWeek(date, hour)] ?? 0;
    const impressionCap = item.goalKind === 'IMPRESSIONS' ? deliveryCap(item.goalQuantity) : Number.POSITIVE_INFINITY;
    const playCap = item.goalKind === 'PLAYS' ? deliveryCap(item.goalQuantity) : Number.POSITIVE_INFINITY;
    if (here.balance !== undefined) balances.set(companyId, here.balance);
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

interface StateRow extends Record<string, unknown> {
  plans: string[] | null;
  taken: string[] | null;
  plays: number | null;
  spend: string | null;
  impressions: number | null;
  audience: number[] | null;
  balance: string | null;
}

/**
 * A line item's state as the plan check needs it on one screen, in one statement (a screen's batch
 * asks it per line item it played; a thousand screens do so every minute): its plans and its
 * delivery here per hour, its delivery in all, the screen's audience figures, and the advertiser's
 * balance when asked for (`companyId`).
 */
async function stateHere(tx: Transaction, lineItemId: string, screenId: string, companyId?: string) {
  const result = await tx.execute<StateRow>(sql`
    select
      (select array_agg(${lineItemPlans.localDate}::text || ' ' || ${lineItemPlans.hour} || ' ' || ${lineItemPlans.maxPlays})
        from ${lineItemPlans} where ${lineItemPlans.lineItemId} = ${lineItemId} and ${lineItemPlans.screenId} = ${screenId}) as plans,
      (select array_agg(${lineItemDeliveryHours.localDate}::text || ' ' || ${lineItemDeliveryHours.hour} || ' ' || ${lineItemDeliveryHours.plays})
        from ${lineItemDeliveryHours}
        where ${lineItemDeliveryHours.lineItemId} = ${lineItemId} and ${lineItemDeliveryHours.screenId} = ${screenId}) as taken,
      totals.plays, totals.spend_minor::text as spend, totals.impressions,
      (select ${screenAudiences.impressionsPerPlay} from ${screenAudiences} where ${screenAudiences.screenId} = ${screenId}) as audience,
      ${companyId ? sql`(${companyBalanceSql(companyId)})::text` : sql`null`} as balance
    from (select 1) as one
      left join ${lineItemDeliveryTotals} as totals on totals.line_item_id = ${lineItemId}`);
  const [row] = (result as unknown as { rows: StateRow[] }).rows;
  const byHour = (entries: string[] | null) =>
    new Map(
      (entries ?? []).map((entry) => {
        const [date, hour, count] = entry.split(' ');
        return [hourKey(screenId, date!, Number(hour)), Number(count)];
      }),
    );
  return {
    plans: byHour(row?.plans ?? null),
    taken: byHour(row?.taken ?? null),
    totals: { plays: row?.plays ?? 0, spend: Number(row?.spend ?? 0), impressions: row?.impressions ?? 0 },
    audience: row?.audience ?? undefined,
    balance: row?.balance == null ? undefined : Number(row.balance),
  };
}
