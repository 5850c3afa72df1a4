import type { ScreenActivityRow } from '@adloop/contract/reports';

/** A state change shown on its own, or a run of heartbeats shown as one collapsible line. */
export type TimelineEntry =
  | { kind: 'transition'; event: ScreenActivityRow }
  | { kind: 'heartbeats'; key: string; events: ScreenActivityRow[] };

/** Groups consecutive heartbeats (newest first, as the API answers) between the transitions around them. */
export function groupTimeline(events: readonly ScreenActivityRow[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    const last = entries.at(-1);
    if (event.kind !== 'HEARTBEAT') {
      entries.push({ kind: 'transition', event });
    } else if (last?.kind === 'heartbeats') {
      last.events.push(event);
    } else {
      entries.push({ kind: 'heartbeats', key: event.id, events: [event] });
    }
  }
  return entries;
}
