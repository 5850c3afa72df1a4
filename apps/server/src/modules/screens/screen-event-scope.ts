import { type AdTargeting, matchesTargeting, type ScreenPlace } from '@adloop/contract/targeting';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ads, companies, screenServedLists } from '../../db/schema.ts';
import type { BusEvent } from '../../lib/event-bus.ts';
import { placeOfScreenRow } from '../ads/ad-targeting.ts';

/** Told the changed ads that concern one screen, or null when anything may have changed. */
export type AdsChangedListener = (adIds: string[] | null) => void;

interface OpenScreen {
  /** Null when the screen was not found: then only its served list can concern it. */
  place: ScreenPlace | null;
  listeners: Set<AdsChangedListener>;
}

interface PlaceRow extends Record<string, unknown> {
  tags: string[];
  outlet_id: string;
  pincode: string | null;
  city: string | null;
  timezone: string;
}

interface ChangedAdRow extends Record<string, unknown> {
  id: string;
  /** Active, of an active company: the ad is on every list its targeting matches. */
  listable: boolean;
  target_tags: string[] | null;
  target_outlet_ids: string[] | null;
  target_pincodes: string[] | null;
  target_cities: string[] | null;
  /** The open screens whose last served list holds the ad. */
  served_to: string[];
}

interface ChangedAd {
  id: string;
  /** Null when the ad is not listed anywhere now (gone, inactive, or its company inactive). */
  targeting: AdTargeting | null;
  servedTo: Set<string>;
}

/** Where a screen is, as targeting sees it (its tags and its outlet's, merged). */
export async function loadScreenPlace(db: Database, screenId: string): Promise<ScreenPlace | null> {
  const result = await db.execute<PlaceRow>(sql`select * from ${placeOfScreenRow(screenId)}`);
  const row = (result as unknown as { rows: PlaceRow[] }).rows[0];
  if (!row) return null;
  return {
    tags: row.tags,
    outlet_tags: [],
    outlet_id: row.outlet_id,
    pincode: row.pincode,
    city: row.city,
    timezone: row.timezone,
  };
}

/**
 * The changed ads as they are now, each with the open screens whose last served list holds it
 * (decision 036's record, so a screen streaming here but fetching its list from another process counts).
 */
async function loadChangedAds(db: Database, adIds: string[], screenIds: string[]): Promise<ChangedAd[]> {
  const result = await db.execute<ChangedAdRow>(sql`
    with served as (
      select open_screen.id as screen_id, last_list.ad_ids
      from unnest(${sql.param(screenIds)}::uuid[]) as open_screen(id)
      cross join lateral (
        select ${screenServedLists.adIds} as ad_ids from ${screenServedLists}
        where ${screenServedLists.screenId} = open_screen.id
        order by ${screenServedLists.servedAt} desc limit 1
      ) as last_list
      where last_list.ad_ids && ${sql.param(adIds)}::uuid[]
    )
    select changed.id::text as id,
      coalesce(${ads.status} = 'ACTIVE' and ${companies.isActive}, false) as listable,
      ${ads.targetTags} as target_tags, ${ads.targetOutletIds} as target_outlet_ids,
      ${ads.targetPincodes} as target_pincodes, ${ads.targetCities} as target_cities,
      array(select served.screen_id::text from served where changed.id = any(served.ad_ids)) as served_to
    from unnest(${sql.param(adIds)}::uuid[]) as changed(id)
    left join ${ads} on ${ads.id} = changed.id
    left join ${companies} on ${companies.id} = ${ads.companyId}`);
  return (result as unknown as { rows: ChangedAdRow[] }).rows.map((row) => ({
    id: row.id,
    targeting: row.listable
      ? {
          tags: row.target_tags ?? [],
          outlet_ids: row.target_outlet_ids ?? [],
          pincodes: row.target_pincodes ?? [],
          cities: row.target_cities ?? [],
        }
      : null,
    servedTo: new Set(row.served_to),
  }));
}

/**
 * Decides, once per bus event in this process, which open screen streams an ad change concerns
 * (decision 043): an ad on the list last served to the screen, or one that targets it now.
 * One query per event for all streams; each stream is then judged in memory.
 */
export class ScreenEventScope {
  private readonly screens = new Map<string, OpenScreen>();
  private unsubscribe: (() => void) | null = null;
  /** Events are handled one after another, so streams hear them in the bus's order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly app: FastifyInstance) {}

  /** Adds a stream of a screen at a place; the returned function removes it. */
  join(screenId: string, place: ScreenPlace | null, listener: AdsChangedListener): () => void {
    const screen = this.screens.get(screenId) ?? { place, listeners: new Set<AdsChangedListener>() };
    screen.place = place;
    screen.listeners.add(listener);
    this.screens.set(screenId, screen);
    this.unsubscribe ??= this.app.events.subscribe((event) => this.hear(event));
    return () => {
      screen.listeners.delete(listener);
      if (screen.listeners.size === 0 && this.screens.get(screenId) === screen) this.screens.delete(screenId);
      if (this.screens.size === 0) {
        this.unsubscribe?.();
        this.unsubscribe = null;
      }
    };
  }

  private hear(event: BusEvent): void {
    if (event.type === 'ads.changed') this.enqueue(() => this.announce(event.adIds));
    // Its tags or its outlet's place changed: later changes are judged against the new place.
    if (event.type === 'screen.changed' && event.reason === 'updated' && this.screens.has(event.screenId)) {
      this.enqueue(() => this.reloadPlace(event.screenId));
    }
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((error: unknown) => {
      this.app.log.error({ err: error }, 'screen event scope failed');
    });
  }

  private async announce(adIds: string[]): Promise<void> {
    const open = [...this.screens];
    if (open.length === 0) return;
    if (adIds.length === 0) return this.tellAll(open);
    let changed: ChangedAd[];
    try {
      changed = await loadChangedAds(
        this.app.db,
        adIds,
        open.map(([screenId]) => screenId),
      );
    } catch (error) {
      // Without the facts, every screen reloads: it costs a refetch but leaks no ids and misses nothing.
      this.app.log.error({ err: error, adIds }, 'could not scope ads.changed; every screen told to reload');
      return this.tellAll(open);
    }
    for (const [screenId, screen] of open) {
      const place = screen.place;
      const concerning = changed
        .filter(
          (ad) =>
            ad.servedTo.has(screenId) ||
            (ad.targeting !== null && place !== null && matchesTargeting(ad.targeting, place)),
        )
        .map((ad) => ad.id);
      if (concerning.length === 0) continue;
      for (const listener of screen.listeners) listener(concerning);
    }
  }

  private tellAll(open: [string, OpenScreen][]): void {
    for (const [, screen] of open) for (const listener of screen.listeners) listener(null);
  }

  private async reloadPlace(screenId: string): Promise<void> {
    const place = await loadScreenPlace(this.app.db, screenId);
    const screen = this.screens.get(screenId);
    if (screen) screen.place = place;
  }
}

// Keyed by the app rather than decorated on it: the first stream may open after the app is ready.
const scopes = new WeakMap<FastifyInstance, ScreenEventScope>();

/** This app's scope, made on first use. */
export function screenEventScopeOf(app: FastifyInstance): ScreenEventScope {
  let scope = scopes.get(app);
  if (!scope) {
    scope = new ScreenEventScope(app);
    scopes.set(app, scope);
  }
  return scope;
}
