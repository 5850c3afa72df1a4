import type { OutletTier } from '@adloop/contract/constants';
import { RATE_CARD_LEAD_MS } from '@adloop/contract/pricing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { outlets } from '../../db/schema.ts';
import type { BusEvent } from '../../lib/event-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { loadCards, type StoredCard } from './pricing.service.ts';

/**
 * How long this process prices plays from the cards it read. Shorter than the lead time a new
 * card must leave (RATE_CARD_LEAD_MS), so every process has re-read the cards before a new one
 * takes effect, with or without the event bus (decision 033).
 */
export const CARD_CACHE_TTL_MS = 2_000;
/** An outlet's tier and zone change rarely and count only for plays ingested after the change. */
export const TIER_CACHE_TTL_MS = 10_000;

/** What pricing a play needs of its outlet: the tier, and the zone its date and daypart are read in. */
export interface OutletPlace {
  tier: OutletTier;
  timezone: string;
}

if (CARD_CACHE_TTL_MS * 2 > RATE_CARD_LEAD_MS) throw new Error('The card cache must live well within the lead time');

/**
 * What ingestion needs to price a batch, from memory: every rate card and the tier and time zone
 * of the batch's outlet. At most one read of each per TTL, shared by concurrent batches.
 */
export class PlayPricing {
  private cards: { loadedAt: number; cards: StoredCard[] } | null = null;
  private loading: Promise<StoredCard[]> | null = null;
  private readonly places = new TtlCache<string, OutletPlace>(TIER_CACHE_TTL_MS, 100_000);

  constructor(private readonly db: Database) {}

  async allCards(now = Date.now()): Promise<StoredCard[]> {
    if (this.cards && now - this.cards.loadedAt < CARD_CACHE_TTL_MS) return this.cards.cards;
    if (!this.loading) {
      // Stamped before the read: a card saved during it is at least the lead time away anyway.
      const loadedAt = Date.now();
      this.loading = loadCards(this.db)
        .then((cards) => {
          this.cards = { loadedAt, cards };
          return cards;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  async placeOf(outletId: string): Promise<OutletPlace> {
    const cached = this.places.get(outletId);
    if (cached) return cached;
    const [row] = await this.db
      .select({ tier: outlets.tier, timezone: outlets.timezone })
      .from(outlets)
      .where(eq(outlets.id, outletId));
    const place = row ?? { tier: 'STANDARD', timezone: 'UTC' };
    this.places.set(outletId, place);
    return place;
  }

  /**
   * After a card is saved or withdrawn, the cards are read again at once; after an outlet's tier
   * changes, its tier is. A process the event does not reach follows within the TTLs.
   */
  forget(event: Extract<BusEvent, { type: 'pricing.changed' }>): void {
    if (event.outletId === undefined) this.cards = null;
    else this.places.delete(event.outletId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PlayPricing;
  }
}

export default fp(
  async function playPricingPlugin(app: FastifyInstance) {
    const pricing = new PlayPricing(app.db);
    app.decorate('pricing', pricing);
    const unsubscribe = app.events.subscribe((event) => {
      if (event.type === 'pricing.changed') pricing.forget(event);
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  { name: 'play-pricing', dependencies: ['db', 'events'] },
);
