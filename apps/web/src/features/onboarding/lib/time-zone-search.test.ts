import { canonicalTimeZone, isTimeZone } from '@adloop/contract/time-zones';
import { describe, expect, it } from 'vitest';
import { offsetOf, searchTimeZones, timeZoneChoices } from '@/features/onboarding/lib/time-zone-search';

const first = (search: string) => searchTimeZones(timeZoneChoices(), search)[0]?.zone;
const found = (search: string) => searchTimeZones(timeZoneChoices(), search).map((choice) => choice.zone);

describe('time zone search (decision 047)', () => {
  it.each([
    ['India', 'Asia/Kolkata'],
    ['india', 'Asia/Kolkata'],
    ['Kolkata', 'Asia/Kolkata'],
    ['Calcutta', 'Asia/Kolkata'],
    ['asia/kolkata', 'Asia/Kolkata'],
    ['kolkata india', 'Asia/Kolkata'],
    ['Dubai', 'Asia/Dubai'],
    ['UAE', 'Asia/Dubai'],
    ['United Kingdom', 'Europe/London'],
    ['UK', 'Europe/London'],
    ['New York', 'America/New_York'],
    ['new_york', 'America/New_York'],
    ['Singapore', 'Asia/Singapore'],
    ['Kathmandu', 'Asia/Kathmandu'],
    ['Kiev', 'Europe/Kyiv'],
    ['Sao Paulo', 'America/Sao_Paulo'],
    ['São Paulo', 'America/Sao_Paulo'],
  ])('"%s" finds %s first', (search, zone) => {
    expect(first(search)).toBe(zone);
  });

  it('offers current names only, once each: Asia/Kolkata, never Asia/Calcutta', () => {
    const zones = timeZoneChoices().map((choice) => choice.zone);
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.every(isTimeZone)).toBe(true);
  });

  it('a country finds all its zones, and its own before zones that merely share letters', () => {
    const india = found('India');
    expect(india[0]).toBe('Asia/Kolkata');
    expect(india.slice(1).every((zone) => zone.startsWith('America/Indiana') || zone.startsWith('Indian/'))).toBe(true);
    expect(found('United States')).toEqual(expect.arrayContaining(['America/New_York', 'America/Los_Angeles']));
  });

  it('puts AdLoop’s home zone first when nothing is typed, and finds nothing for nonsense', () => {
    expect(first('')).toBe('Asia/Kolkata');
    expect(found('zzzz-not-a-place')).toEqual([]);
  });

  it('a choice says its country and offset', () => {
    const kolkata = timeZoneChoices().find((choice) => choice.zone === 'Asia/Kolkata');
    expect(kolkata).toMatchObject({ country: 'India', aliases: ['Asia/Calcutta'] });
    expect(offsetOf('Asia/Kolkata')).toBe('UTC+05:30');
    expect(offsetOf('UTC')).toBe('UTC');
  });

  it('stores old and odd spellings under the current name; refuses abbreviations', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(isTimeZone('IST')).toBe(false);
    expect(isTimeZone('UTC')).toBe(true);
  });
});
