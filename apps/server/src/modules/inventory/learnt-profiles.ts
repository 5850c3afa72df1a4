import type { Database } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { onlineSpans } from '../screen-activity/uptime.ts';
import { type HourWindow, hourWindows } from './hour-windows.ts';
import { historiesOf, type ReachedScreen } from './inventory.query.ts';
import {
  DEFAULT_PROFILE,
  MIN_HISTORY_MS,
  type OnAirMinutes,
  type OnAirProfile,
  observedMinutes,
  onAirMinutes,
  pooled,
  profileOf,
} from './on-air-profile.ts';

/** How far back a screen's time on air is learnt: four weeks, each hour of the week seen four times. */
export const HISTORY_MS = 28 * 86_400_000;
/**
 * How long an outlet's learnt profiles are reused. Four weeks of history move by a 4,000th in ten
 * minutes, so a buyer editing a line item redraws from memory and the state changes are read at
 * most once per outlet in that time.
 */
export const LEARNT_FOR_MS = 10 * 60_000;

/** What an outlet's screens taught: the minutes on air of each screen with a week of history, and them pooled. */
interface OutletLearning {
  own: Map<string, OnAirProfile>;
  outlet: OnAirProfile | undefined;
}

/** The outlets' learnt profiles, per database, so every request of one server shares them. */
export class LearntProfiles {
  private readonly outlets = new TtlCache<string, OutletLearning>(LEARNT_FOR_MS, 100_000);

  /** `minutesOf` is the arithmetic of one screen; the bench passes the previous one to measure beside it. */
  constructor(private readonly minutesOf: typeof onAirMinutes = onAirMinutes) {}

  /**
   * The share of every hour of the week each screen is on air: its own last four weeks once it has
   * a week of history, else its outlet's screens that do, else the default. Outlets not learnt in
   * the last ten minutes are learnt now, from one query of their screens' state changes.
   */
  async profilesOf(db: Database, reached: readonly ReachedScreen[], now: Date) {
    const zoneOfOutlet = new Map(reached.map((screen) => [screen.outletId, screen.timezone]));
    const unknown = [...zoneOfOutlet.keys()].filter((outletId) => !this.outlets.get(outletId, now.getTime()));
    if (unknown.length > 0) {
      const histories = await historiesOf(db, unknown, new Date(now.getTime() - HISTORY_MS), now);
      const learnt = learn(histories, zoneOfOutlet, now.getTime(), this.minutesOf);
      for (const outletId of unknown) {
        const own = learnt.get(outletId) ?? new Map<string, OnAirMinutes>();
        this.outlets.set(
          outletId,
          {
            own: new Map([...own].map(([screenId, minutes]) => [screenId, profileOf('history', minutes)])),
            outlet: own.size > 0 ? profileOf('outlet', pooled([...own.values()])) : undefined,
          },
          now.getTime(),
        );
      }
    }
    return (screen: ReachedScreen): OnAirProfile => {
      const learning = this.outlets.get(screen.outletId, now.getTime());
      return learning?.own.get(screen.id) ?? learning?.outlet ?? DEFAULT_PROFILE;
    };
  }
}

/** A zone's local hours over the history, and the minutes they observe from each first-seen instant. */
interface ZoneHours {
  windows: HourWindow[];
  observedSince: Map<number, Float64Array>;
}

/**
 * Minutes on air per hour of the week of each screen with a week of history, by outlet. A zone's
 * hours, and what they observe from a first-seen instant, are reckoned once for all its screens.
 */
function learn(
  histories: Awaited<ReturnType<typeof historiesOf>>,
  zoneOfOutlet: Map<string, string>,
  now: number,
  minutesOf: typeof onAirMinutes,
): Map<string, Map<string, OnAirMinutes>> {
  const since = now - HISTORY_MS;
  const hoursOfZone = new Map<string, ZoneHours>();
  const byOutlet = new Map<string, Map<string, OnAirMinutes>>();
  for (const [screenId, history] of histories) {
    const firstSeen = history.before ? since : (history.changes[0]?.at ?? now);
    if (now - firstSeen < MIN_HISTORY_MS) continue;
    const zone = zoneOfOutlet.get(history.outletId)!;
    let hours = hoursOfZone.get(zone);
    if (!hours) {
      hours = { windows: hourWindows(zone, since, now), observedSince: new Map() };
      hoursOfZone.set(zone, hours);
    }
    let observed = hours.observedSince.get(firstSeen);
    if (!observed) {
      observed = observedMinutes(hours.windows, firstSeen);
      hours.observedSince.set(firstSeen, observed);
    }
    const minutes = minutesOf(onlineSpans(history.before, history.changes, now), hours.windows, firstSeen, observed);
    const screens = byOutlet.get(history.outletId) ?? new Map<string, OnAirMinutes>();
    screens.set(screenId, minutes);
    byOutlet.set(history.outletId, screens);
  }
  return byOutlet;
}

const learntByDatabase = new WeakMap<Database, LearntProfiles>();

/** The learnt profiles kept for a database. */
export function learntProfilesOf(db: Database): LearntProfiles {
  let learnt = learntByDatabase.get(db);
  if (!learnt) {
    learnt = new LearntProfiles();
    learntByDatabase.set(db, learnt);
  }
  return learnt;
}
