import { MAX_FLIGHT_DAYS } from '@adloop/contract/inventory';
import { earliestMakeGoodDay } from '@adloop/contract/make-goods';

const DAY_MS = 86_400_000;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The make-good form's first guess (decision 086): from the first day the server accepts, as many
 * days as the flight it makes good, at most a flight's longest.
 */
export function defaultMakeGoodFlight(
  flight: { starts_on: string; ends_on: string },
  now = Date.now(),
): { starts_on: string; ends_on: string } {
  const days = Math.round((Date.parse(flight.ends_on) - Date.parse(flight.starts_on)) / DAY_MS) + 1;
  const startsOn = earliestMakeGoodDay(now);
  return { starts_on: startsOn, ends_on: addDays(startsOn, Math.min(Math.max(days, 1), MAX_FLIGHT_DAYS) - 1) };
}
