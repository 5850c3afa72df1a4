import { type AdSchedule, isInSchedule, minutesOf } from '@adloop/contract/targeting';

/** The seconds of ads an hour of a screen's loop holds: the loop is all ads (decision 032's share of voice splits it). */
export const AD_SECONDS_PER_HOUR = 3600;

/**
 * Plays of one spot length an hour holds: its ad seconds × the share of the hour the screen is on
 * air × the share of it inside the dayparts, in whole plays.
 */
export function playsInHour(onAirFraction: number, openFraction: number, spotSeconds: number): number {
  // The epsilon keeps 3600 × 0.9 ÷ 10 at 324, not 323.99….
  return Math.floor((AD_SECONDS_PER_HOUR * onAirFraction * openFraction) / spotSeconds + 1e-9);
}

/** The local dates of a flight, both ends included. */
export function flightDates(startsOn: string, endsOn: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${startsOn}T00:00:00Z`); day <= Date.parse(`${endsOn}T00:00:00Z`); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * The share of a local hour inside the dayparts, by the contract's `isInSchedule` read on the wall
 * clock itself (UTC stands for "local"): the answer changes only where a daypart starts or ends,
 * so it is asked once per stretch between those minutes.
 */
export function openFraction(schedule: AdSchedule, date: string, hour: number): number {
  const hourStart = hour * 60;
  const edges = [schedule.start_time, schedule.end_time]
    .filter((time): time is string => time !== null)
    .map((time) => minutesOf(time) - hourStart)
    .filter((minute) => minute > 0 && minute < 60);
  const points = [...new Set([0, ...edges])].sort((a, b) => a - b);
  let open = 0;
  points.forEach((minute, index) => {
    const at = new Date(Date.parse(`${date}T00:00:00Z`) + (hourStart + minute) * 60_000);
    if (isInSchedule(schedule, 'UTC', at)) open += (points[index + 1] ?? 60) - minute;
  });
  return open / 60;
}
