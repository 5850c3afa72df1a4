import type { ScreenCampaign, ScreenCampaignLineItem } from '@adloop/contract/screen-campaigns';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A zone as an outlet's staff read it: "Asia/Kolkata (IST)", the short name when the zone has one. */
export function outletZoneLabel(timeZone: string, at = new Date()): string {
  try {
    const short = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return short && short !== timeZone && !short.startsWith('GMT') ? `${timeZone} (${short})` : timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * The clock a campaign's dates and hours are read on: its outlets' zone ("Asia/Kolkata (IST)"), or
 * "each outlet's own" when they differ.
 */
export function campaignClock(outlets: ScreenCampaign['outlets']): string {
  const zones = [...new Set(outlets.map((outlet) => outlet.timezone))];
  return zones.length === 1 ? outletZoneLabel(zones[0]!) : "each outlet's own";
}

/** When in the day a flight plays: "Every day, 10:00–14:00", "Mon, Tue, all day". */
export function formatDayparts({
  days_of_week: days,
  start_time: start,
  end_time: end,
}: ScreenCampaignLineItem['dayparts']) {
  const which = days.length === 0 || days.length === 7 ? 'Every day' : days.map((day) => DAY_NAMES[day]).join(', ');
  return `${which}, ${start && end ? `${start}–${end}` : 'all day'}`;
}

/** A whole count of plays: "1,000". */
export const formatCount = (plays: number) => plays.toLocaleString('en-IN');
