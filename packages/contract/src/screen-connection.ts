import { z } from 'zod';

/**
 * A screen offline now, by the one rule of decision 092: not heard from within the online window
 * (150 s) or its display closed. One that connected before raises its alert once it has been
 * silent for its outlet's threshold; one that never connected raises none. The home page, the
 * screen pages and the bell show these same rows, with the same words (`connectionWords`).
 */
export const offlineScreenSchema = z.object({
  id: z.string(),
  screen_code: z.string(),
  outlet_id: z.string(),
  outlet_name: z.string(),
  /** Null: the screen never connected. */
  last_seen_at: z.string().nullable(),
  /** The outlet's threshold: minutes of silence before the alert. */
  alert_after_minutes: z.number().int(),
  /** When the alert is due (last heard + threshold); null for a screen that never connected. */
  alert_due_at: z.string().nullable(),
  /** When the alert of this outage was raised; null until it is. */
  alerted_at: z.string().nullable(),
});
export type OfflineScreen = z.infer<typeof offlineScreenSchema>;

/**
 * How many screens are offline now by that rule: those that connected before (`offline`), of them
 * the ones whose alert is not raised yet (`awaiting_alert`, with their outlets' thresholds), and
 * active screens that never connected.
 */
export const offlineCountsSchema = z.object({
  offline: z.number().int(),
  awaiting_alert: z.number().int(),
  /** The thresholds of the screens awaiting their alert, distinct, smallest first. */
  alert_after_minutes: z.array(z.number().int()),
  never_connected: z.number().int(),
});
export type OfflineCounts = z.infer<typeof offlineCountsSchema>;

/** GET /api/alerts/offline-screens: the counts, and the first offline screens, the most recently heard first. */
export const offlineScreensResponseSchema = z.object({
  data: offlineCountsSchema.extend({ screens: z.array(offlineScreenSchema) }),
});

/** What every page needs to say a screen's connection in the same words. */
export interface ConnectionFacts {
  is_online: boolean;
  last_seen_at: string | null;
  alert_after_minutes: number;
  /** Null while no alert was raised for the current outage. */
  alerted_at: string | null;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A screen's connection in words, with the threshold in sight (decision 092): "Online" / "Alerts
 * after 5 min without a heartbeat", "Offline" / "Alerting after 5 min without a heartbeat" or
 * "Alert sent", "Never connected" / "No alert until it first connects".
 */
export function connectionWords(facts: ConnectionFacts): { state: string; alert: string } {
  const minutes = facts.alert_after_minutes;
  if (facts.is_online) return { state: 'Online', alert: `Alerts after ${minutes} min without a heartbeat` };
  if (facts.last_seen_at === null) return { state: 'Never connected', alert: 'No alert until it first connects' };
  if (facts.alerted_at !== null) return { state: 'Offline', alert: `Alert sent (after ${minutes} min)` };
  return { state: 'Offline', alert: `Alerting after ${minutes} min without a heartbeat` };
}

/** "5 min", "5 or 10 min": the thresholds of the screens still awaiting their alert. */
const thresholds = (minutes: readonly number[]) => `${minutes.join(' or ')} min`;

/**
 * The offline screens in one sentence, the same on the home page and in the bell: "1 screen is
 * offline, alerting after 5 min" — never "every screen is online" while one is offline (decision
 * 092). Null when every screen that connected is online and none is waiting to connect.
 */
export function offlineSummary(counts: OfflineCounts): string | null {
  const parts: string[] = [];
  const { offline, awaiting_alert: waiting, never_connected: never } = counts;
  if (offline > 0) {
    const screens = `${plural(offline, 'screen')} ${offline === 1 ? 'is' : 'are'} offline`;
    if (waiting === 0) parts.push(`${screens}, alerted`);
    else if (waiting === offline) parts.push(`${screens}, alerting after ${thresholds(counts.alert_after_minutes)}`);
    else
      parts.push(`${screens}, ${waiting} not yet alerted (alerting after ${thresholds(counts.alert_after_minutes)})`);
  }
  if (never > 0) parts.push(`${plural(never, 'screen')} never connected`);
  return parts.length > 0 ? parts.join('; ') : null;
}
