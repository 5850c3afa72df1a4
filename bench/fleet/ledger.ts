// What the fleet knows of its plays (generated, acknowledged, refused, dropped) and of each staff edit's
// way to the screens; the database is compared with it at the end.
import { summarise } from './metrics.ts';

/** A refusal's reason without the line item's name and the plan's size (`beyond the plan of line item "…" … (n plays)`). */
export const reasonKey = (reason: string) => reason.replace(/"[^"]*"/g, '"…"').replace(/\(\d+ plays\)/g, '(n plays)');

export class Ledger {
  generated = 0;
  readonly acknowledged = new Set<string>();
  /** Plays the server answered as already stored: their first answer was lost (kill -9, timeout). */
  acknowledgedAsDuplicate = 0;
  readonly refusedIds = new Set<string>();
  readonly refusedByReason = new Map<string, number>();
  /** Plays dropped because their whole batch was answered 400, 403 or 413, by status. */
  readonly dropped = new Map<string, number>();
  batchesAcknowledged = 0;
  /** Batches answered 200 that did not account for every play (kept and sent again). */
  batchesPartlyAnswered = 0;
  /** Screens whose first list was not the one the seed expected (targeting drifted from the fixture). */
  listMismatches = 0;
  streamDrops = 0;
  reauthentications = 0;
  /** Screens that moved to another API process (decision 099): when, from which, to which. */
  readonly moves: { t: number; from: number; to: number }[] = [];
  /** Moved screens that went back to their home process after RETURN_HOME_AFTER_MS. */
  returnsHome = 0;
  /** 503 answers to screens: when, from which process, and whether they said when to come back. */
  readonly unavailable: { t: number; process: number; retryAfter: boolean }[] = [];
  /** `ads-changed` frames naming no ad: a process's bus came back and every screen reloads its list. */
  reloadNotices = 0;
  /** Live plays of campaign creatives the screens made, and those of them the server refused, by reason. */
  campaignPlaysMade = 0;
  readonly campaignRefusedByReason = new Map<string, number>();
  /** The first campaign plays refused: when each ended on the outlet's clock, and why. */
  readonly campaignRefusals: { playedAt: string; localTime: string; reason: string }[] = [];

  acknowledge(stored: readonly string[], duplicates: readonly string[]) {
    for (const id of stored) this.acknowledged.add(id);
    for (const id of duplicates) this.acknowledged.add(id);
    this.acknowledgedAsDuplicate += duplicates.length;
  }

  /** `campaignPlay` finds a campaign creative's play among those refused; reasons naming a line item count as one. */
  refuse(
    refused: readonly { id: string; reason: string }[],
    campaignPlay: (id: string) => { played_at: string; play_time: string } | undefined,
  ) {
    for (const { id, reason } of refused) {
      const key = reasonKey(reason);
      this.refusedIds.add(id);
      this.refusedByReason.set(key, (this.refusedByReason.get(key) ?? 0) + 1);
      const play = campaignPlay(id);
      if (!play) continue;
      this.campaignRefusedByReason.set(key, (this.campaignRefusedByReason.get(key) ?? 0) + 1);
      if (this.campaignRefusals.length < 20) {
        this.campaignRefusals.push({ playedAt: play.played_at, localTime: play.play_time, reason });
      }
    }
  }

  drop(count: number, status: string) {
    this.dropped.set(status, (this.dropped.get(status) ?? 0) + count);
  }
}

interface Edit {
  number: number;
  sentAt: number;
}

/** A screen's progress through the edits: the last one its stream announced, its list showed, and either. */
export interface EditProgress {
  streamSeen: number;
  listSeen: number;
  seen: number;
}

/**
 * Edit-to-screen latency, from sending the PATCH: to a screen's `ads-changed` frame, to its list
 * showing the edit, and to whichever came first (a stream down during the edit misses the frame,
 * and the list fetched on reconnecting shows the edit).
 */
export class EditTracker {
  private readonly edits: Edit[] = [];
  private readonly streamMs: number[] = [];
  private readonly listMs: number[] = [];
  private readonly screenMs: number[] = [];

  sent(number: number, sentAt: number) {
    this.edits.push({ number, sentAt });
  }

  /** The PATCH failed: the edit never happened. */
  cancel(number: number) {
    const index = this.edits.findIndex((edit) => edit.number === number);
    if (index >= 0) this.edits.splice(index, 1);
  }

  get count(): number {
    return this.edits.length;
  }

  /** The number of the last edit that happened (0: none yet). */
  get lastNumber(): number {
    return this.edits.at(-1)?.number ?? 0;
  }

  /** An `ads-changed` frame arrived at `at`: it announces every edit sent before it that this screen had not heard of. */
  streamFrame(progress: EditProgress, at: number) {
    for (const edit of this.edits) {
      if (edit.number <= progress.streamSeen || edit.sentAt > at) continue;
      this.streamMs.push(at - edit.sentAt);
      progress.streamSeen = edit.number;
    }
    this.reached(progress, progress.streamSeen, at);
  }

  /** The screen knows of every edit up to `number` at `at`, by its stream or its list, whichever came first. */
  private reached(progress: EditProgress, number: number, at: number) {
    for (const edit of this.edits) {
      if (edit.number <= progress.seen || edit.number > number) continue;
      this.screenMs.push(at - edit.sentAt);
      progress.seen = edit.number;
    }
  }

  /** The screen's list showed edit `shown` at `at` (and so every earlier one). */
  listShowed(progress: EditProgress, shown: number, at: number) {
    for (const edit of this.edits) {
      if (edit.number <= progress.listSeen || edit.number > shown) continue;
      this.listMs.push(at - edit.sentAt);
      progress.listSeen = edit.number;
    }
    this.reached(progress, progress.listSeen, at);
  }

  report(screens: readonly EditProgress[]) {
    const last = this.edits.at(-1)?.number ?? 0;
    return {
      edits: this.edits.length,
      measuredFrom: 'the PATCH /api/ads/:id being sent',
      toScreen: summarise(this.screenMs),
      toEventStream: summarise(this.streamMs),
      toAdList: summarise(this.listMs),
      screensMissingLastEdit: {
        eventStream: screens.filter((screen) => screen.streamSeen < last).length,
        adList: screens.filter((screen) => screen.listSeen < last).length,
        either: screens.filter((screen) => screen.seen < last).length,
      },
    };
  }
}
