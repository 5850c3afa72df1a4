import type { OutletTier } from '@adloop/contract/constants';
import {
  cardInForce,
  nextCard,
  type PricingCard,
  RATE_CARD_LEAD_MS,
  type RateCard,
  type RateCardCreate,
  statusOf,
} from '@adloop/contract/pricing';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateCardDayparts, rateCards, rateCardTiers } from '../../db/schema.ts';
import { inTransaction, type ServiceContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/http-error.ts';

/** A stored card as pricing and the API see it, before its status at some instant is known. */
export type StoredCard = PricingCard & Omit<RateCard, 'status' | 'in_force'>;

/** Every card, oldest first, with its tier rates and dayparts: three small reads, no per-card query. */
export async function loadCards(db: Database): Promise<StoredCard[]> {
  const [cards, tiers, dayparts] = await Promise.all([
    db.select().from(rateCards).orderBy(asc(rateCards.effectiveFrom)),
    db.select().from(rateCardTiers),
    db.select().from(rateCardDayparts).orderBy(asc(rateCardDayparts.startTime), asc(rateCardDayparts.name)),
  ]);
  const byCard = new Map<string, StoredCard>();
  for (const card of cards) {
    byCard.set(card.id, {
      id: card.id,
      effective_from: card.effectiveFrom.toISOString(),
      currency: card.currency,
      note: card.note,
      tiers: { STANDARD: 0, PREMIUM: 0, FLAGSHIP: 0 },
      dayparts: [],
      created_at: card.createdAt.toISOString(),
    });
  }
  for (const tier of tiers) {
    const card = byCard.get(tier.rateCardId);
    if (card) card.tiers[tier.tier as OutletTier] = tier.rateMinor;
  }
  for (const daypart of dayparts) {
    byCard.get(daypart.rateCardId)?.dayparts.push({
      id: daypart.id,
      name: daypart.name,
      days_of_week: [...daypart.daysOfWeek].sort((a, b) => a - b),
      start_time: daypart.startTime.slice(0, 5),
      end_time: daypart.endTime.slice(0, 5),
      multiplier_bps: daypart.multiplierBps,
    });
  }
  return [...byCard.values()];
}

function withStatus(cards: StoredCard[], card: StoredCard, now: number): RateCard {
  const status = statusOf(cards, card.id, now);
  return { ...card, status, in_force: status === 'IN_FORCE' };
}

/** Every card, newest effective first, each with its status now. */
export async function listCards({ db }: ServiceContext, now = Date.now()): Promise<RateCard[]> {
  const cards = await loadCards(db);
  return cards.map((card) => withStatus(cards, card, now)).reverse();
}

/** The card in force now and the next one scheduled, for the public /pricing page. */
export async function currentCards(db: Database, now = Date.now()) {
  const cards = await loadCards(db);
  const current = cardInForce(cards, now);
  const next = nextCard(cards, now);
  return {
    current: current ? withStatus(cards, current, now) : null,
    next: next ? withStatus(cards, next, now) : null,
    now: new Date(now).toISOString(),
  };
}

export async function getCard({ db }: ServiceContext, id: string, now = Date.now()): Promise<RateCard> {
  const cards = await loadCards(db);
  const card = cards.find((each) => each.id === id);
  if (!card) throw notFound('Rate card');
  return withStatus(cards, card, now);
}

/** The earliest instant a card saved now may take effect: the lead time, rounded up to a whole second. */
export function earliestEffectiveFrom(now = Date.now()): number {
  return Math.ceil((now + RATE_CARD_LEAD_MS) / 1000) * 1000;
}

/**
 * Schedules a new card. It takes effect no sooner than RATE_CARD_LEAD_MS from now, so no play
 * already stored (and no play any server process prices from its cache) changes price
 * (decision 033); a card for the same instant as another is a 409.
 */
export async function createCard(ctx: ServiceContext, input: RateCardCreate): Promise<RateCard> {
  const now = Date.now();
  const earliest = earliestEffectiveFrom(now);
  const effectiveFrom = input.effective_from ? Date.parse(input.effective_from) : earliest;
  if (effectiveFrom < now + RATE_CARD_LEAD_MS) {
    throw fieldError(
      'effective_from',
      `A rate card must take effect at least ${RATE_CARD_LEAD_MS / 1000} seconds from now (${new Date(earliest).toISOString()} or later): a card never reprices plays already billed`,
    );
  }
  const dayparts = input.dayparts ?? [];
  try {
    const id = await inTransaction(ctx, async (tx, emit) => {
      const [card] = await tx
        .insert(rateCards)
        .values({
          effectiveFrom: new Date(effectiveFrom),
          currency: input.currency ?? 'INR',
          note: input.note ?? '',
          createdBy: ctx.caller.userId,
        })
        .returning({ id: rateCards.id });
      const cardId = card!.id;
      await tx.insert(rateCardTiers).values(
        (['STANDARD', 'PREMIUM', 'FLAGSHIP'] as const).map((tier) => ({
          rateCardId: cardId,
          tier,
          rateMinor: input.tiers[tier],
        })),
      );
      if (dayparts.length > 0) {
        await tx.insert(rateCardDayparts).values(
          dayparts.map((daypart) => ({
            rateCardId: cardId,
            name: daypart.name,
            daysOfWeek: [...new Set(daypart.days_of_week ?? [])].sort((a, b) => a - b),
            startTime: daypart.start_time,
            endTime: daypart.end_time,
            multiplierBps: daypart.multiplier_bps,
          })),
        );
      }
      await emit({ type: 'pricing.changed' });
      return cardId;
    });
    return await getCard(ctx, id, now);
  } catch (error) {
    if (isUniqueViolation(error, 'rate_cards_effective_from_uq')) {
      throw conflict(`A rate card already takes effect at ${new Date(effectiveFrom).toISOString()}; withdraw it first`);
    }
    throw error;
  }
}

/** Withdraws a card that has not taken effect (and will not within the lead time); 409 otherwise. */
export async function withdrawCard({ db, emit }: ServiceContext, id: string): Promise<void> {
  const [card] = await db.select().from(rateCards).where(eq(rateCards.id, id));
  if (!card) throw notFound('Rate card');
  const now = Date.now();
  if (card.effectiveFrom.getTime() < now + RATE_CARD_LEAD_MS) {
    throw conflict(
      card.effectiveFrom.getTime() <= now
        ? 'This rate card is already in force or past; schedule a new card instead'
        : `This rate card takes effect in under ${RATE_CARD_LEAD_MS / 1000} seconds and can no longer be withdrawn`,
    );
  }
  await db.delete(rateCards).where(eq(rateCards.id, id));
  await emit({ type: 'pricing.changed' });
}
