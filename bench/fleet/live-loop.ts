// A simulated screen playing live, as the kiosk player's loop does (apps/web/src/features/display):
// campaign plans are for the hour now and the hours ahead (decision 084), so a screen delivers a
// line item only by playing in real time, keeping to its plans with the player's own rule.
import type { ScreenAd } from '@adloop/contract/screen';
import { isInSchedule } from '@adloop/contract/targeting';
import { type PlanPlays, SCHEDULE_CHECK_MS, withinPlan } from '../../apps/web/src/features/display/lib/plan-plays.ts';

/** A video's length is not in the list; the simulated one runs this long. */
export const VIDEO_MS = 20_000;
const HOUR_MS = 3_600_000;

export const durationMs = (ad: ScreenAd) => (ad.duration_seconds ? ad.duration_seconds * 1000 : VIDEO_MS);

export class LiveLoop {
  /** The end of its last live play (ms since epoch). */
  private clock: number;
  /** Plays of each planned line item per plan hour, as the player keeps them (plan-plays.ts). */
  private readonly planPlays: PlanPlays = {};

  /** `from`: when the screen began playing live; its backlog stops there. */
  constructor(readonly from: number) {
    this.clock = from;
  }

  /**
   * Plays from `list` up to `until`: each turn one of the ads playable as it starts (schedule open;
   * a campaign creative only in an hour of its plan and within it, `withinPlan`), stamped when it
   * ends and, if planned, counted in the plan hour it ends in, as countPlanPlay does. Answers the
   * plays made; `played` queues each.
   */
  playUntil(list: readonly ScreenAd[], until: number, played: (ad: ScreenAd, endedAt: number) => void): number {
    let plays = 0;
    while (this.clock < until) {
      const at = this.clock;
      const playable = list.filter(
        (ad) =>
          (!ad.schedule || isInSchedule(ad.schedule, ad.schedule.timezone, new Date(at))) &&
          withinPlan(ad, at, this.planPlays),
      );
      if (playable.length === 0) {
        this.clock += SCHEDULE_CHECK_MS;
        continue;
      }
      const ad = playable[Math.floor(Math.random() * playable.length)]!;
      const endedAt = at + durationMs(ad);
      if (endedAt > until) break;
      played(ad, endedAt);
      if (ad.plan) this.countPlanPlay(ad, endedAt);
      // The next starts when this one ends, plus the switch.
      this.clock = endedAt + Math.random() * 200;
      plays += 1;
    }
    return plays;
  }

  /** As countPlanPlay (plan-plays.ts), in memory: a play counts in the plan hour it ended in, if any. */
  private countPlanPlay(ad: ScreenAd, endedAt: number) {
    const hour = ad.plan?.hours.find((planned) => {
      const start = Date.parse(planned.starts_at);
      return start <= endedAt && endedAt < start + HOUR_MS;
    });
    if (!ad.plan || !hour) return;
    const key = `${ad.plan.line_item_id} ${hour.starts_at}`;
    this.planPlays[key] = (this.planPlays[key] ?? 0) + 1;
  }
}
