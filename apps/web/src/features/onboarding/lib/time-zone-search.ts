import { countryOfTimeZone, DEFAULT_TIME_ZONE, TIME_ZONE_ALIASES, timeZoneNames } from '@adloop/contract/time-zones';

/** A zone as the picker offers it, with everything a person might type to find it. */
export type TimeZoneChoice = {
  zone: string;
  country: string | null;
  /** Old names of the zone, e.g. Asia/Calcutta for Asia/Kolkata. */
  aliases: string[];
  keys: string[];
};

/** Names people use that the English country name leaves out. */
const COUNTRY_SYNONYMS: Record<string, string[]> = {
  AE: ['UAE', 'Emirates'],
  CZ: ['Czech Republic'],
  GB: ['UK', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  KR: ['Korea'],
  MM: ['Burma'],
  NL: ['Holland'],
  TR: ['Turkey'],
  US: ['USA', 'America', 'United States of America'],
};

/** Lower case without accents; "_" and "/" read as spaces, so "new york" finds America/New_York. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const offsets = new Map<string, string>();

/** A zone's offset from UTC today, e.g. "UTC+05:30"; worked out once, as each formatter costs about a millisecond. */
export function offsetOf(zone: string): string {
  let offset = offsets.get(zone);
  if (offset === undefined) {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((item) => item.type === 'timeZoneName');
    offset = (part?.value ?? 'GMT').replace('GMT', 'UTC').replace(/^UTC[+-]00:00$/, 'UTC');
    offsets.set(zone, offset);
  }
  return offset;
}

let regionNames: Intl.DisplayNames | undefined;

function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
}

const aliasesByZone = Object.entries(TIME_ZONE_ALIASES).reduce<Record<string, string[]>>((byZone, [alias, zone]) => {
  byZone[zone] = [...(byZone[zone] ?? []), alias];
  return byZone;
}, {});

/** One zone's choice: its country, old names and the words that find it. */
export function timeZoneChoice(zone: string): TimeZoneChoice {
  const code = countryOfTimeZone(zone);
  const country = code ? countryName(code) : null;
  const aliases = aliasesByZone[zone] ?? [];
  const names = [zone, ...aliases];
  const keys = [
    ...names.flatMap((name) => [name, ...name.split('/').slice(1)]),
    ...(code && country ? [country, code, ...(COUNTRY_SYNONYMS[code] ?? [])] : []),
  ].map(normalize);
  return { zone, country, aliases, keys: [...new Set(keys)] };
}

let everyChoice: TimeZoneChoice[] | undefined;

/** Every zone the browser knows, under its current IANA name. */
export function timeZoneChoices(): TimeZoneChoice[] {
  everyChoice ??= timeZoneNames().map((zone) => timeZoneChoice(zone));
  return everyChoice;
}

/** 0 for a whole name (India, Kolkata, in), 1 for its start, 2 for a word's start, 3 inside a word. */
function scoreOf(keys: string[], query: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (const key of keys) {
    if (key === query) return 0;
    if (key.startsWith(query)) best = Math.min(best, 1);
    else if (key.split(' ').some((word) => word.startsWith(query))) best = Math.min(best, 2);
    else if (key.includes(query)) best = Math.min(best, 3);
  }
  return best;
}

/** "kolkata india": every word must find the zone; such a match ranks after whole-phrase ones. */
function matchOf(choice: TimeZoneChoice, query: string): number {
  const whole = scoreOf(choice.keys, query);
  if (Number.isFinite(whole)) return whole;
  const words = query.split(' ');
  if (words.length < 2) return whole;
  return 4 + Math.max(...words.map((word) => scoreOf(choice.keys, word)));
}

/**
 * The zones a search finds, best first: by IANA name, old alias, city or country. With
 * no search, AdLoop's home zone comes first and the rest follow by name.
 */
export function searchTimeZones(choices: TimeZoneChoice[], search: string): TimeZoneChoice[] {
  const query = normalize(search);
  if (!query) {
    const home = choices.filter((choice) => choice.zone === DEFAULT_TIME_ZONE);
    return [...home, ...choices.filter((choice) => choice.zone !== DEFAULT_TIME_ZONE)];
  }
  return choices
    .map((choice) => ({ choice, score: matchOf(choice, query) }))
    .filter(({ score }) => Number.isFinite(score))
    .sort((a, b) => a.score - b.score || a.choice.zone.localeCompare(b.choice.zone))
    .map(({ choice }) => choice);
}
