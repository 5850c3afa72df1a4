import { ZONES_BY_COUNTRY } from './time-zone-countries.ts';

/** AdLoop is India-first: an outlet's zone when nothing else is known, never UTC or a browser's (decision 047). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * Old IANA names that ICU, and so `Intl.supportedValuesOf('timeZone')`, still reports, mapped to the
 * names tzdata uses today. Both are accepted; the current one is stored and shown.
 */
export const TIME_ZONE_ALIASES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * A zone's IANA name, Area/Location (or UTC), that Intl can use. Abbreviations such as "IST" are
 * refused even where Intl takes them: PostgreSQL, which counts an outlet's days, reads IST as Israel's.
 */
export function isTimeZone(value: string): boolean {
  if (value !== 'UTC' && !/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

let namesByLowerCase: Map<string, string> | undefined;

function knownNames(): Map<string, string> {
  if (namesByLowerCase) return namesByLowerCase;
  const names = [
    ...Intl.supportedValuesOf('timeZone'),
    ...Object.values(ZONES_BY_COUNTRY).flatMap((zones) => zones.split(' ')),
    ...Object.keys(TIME_ZONE_ALIASES),
    'UTC',
  ];
  namesByLowerCase = new Map(names.map((name) => [name.toLowerCase(), name]));
  return namesByLowerCase;
}

/** The name a zone is stored and shown under: tzdata's spelling and current name (asia/calcutta → Asia/Kolkata). */
export function canonicalTimeZone(value: string): string {
  const name = knownNames().get(value.toLowerCase()) ?? value;
  return TIME_ZONE_ALIASES[name] ?? name;
}

let countryByZone: Map<string, string> | undefined;

/** The ISO 3166 code of the country a zone keeps the time of, e.g. IN for Asia/Kolkata; null for UTC. */
export function countryOfTimeZone(zone: string): string | null {
  countryByZone ??= new Map(
    Object.entries(ZONES_BY_COUNTRY).flatMap(([country, zones]) => zones.split(' ').map((name) => [name, country])),
  );
  return countryByZone.get(canonicalTimeZone(zone)) ?? null;
}

/** Every zone a picker offers, under its current name, the browser's own list first-hand. */
export function timeZoneNames(): string[] {
  // An older browser may not know a current name yet; it keeps the name it reports then.
  const current = (name: string) => {
    const canonical = canonicalTimeZone(name);
    return canonical === name || isTimeZone(canonical) ? canonical : name;
  };
  const names = new Set(Intl.supportedValuesOf('timeZone').map(current));
  names.add('UTC');
  return [...names].sort();
}
