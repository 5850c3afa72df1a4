import { Readable } from 'node:stream';
import { isoWithOffset, wallClockOffsetMinutes, zoneOffsetMinutes } from '@adloop/contract/clock';
import { scopeOf } from '@adloop/contract/permissions';
import type { PlaybackLogRow } from '@adloop/contract/reports';
import type { Database } from '../../db/client.ts';
import { callerOf, type StaffPrincipal } from '../../lib/context.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';
import { loadLiveSession } from '../auth/auth.service.ts';
import { signToken, verifyToken } from '../auth/tokens.ts';
import { allPlays, type PlayFilters } from './playback-logs.query.ts';

const TICKET_MINUTES = 5;
const FILTER_KEYS = ['screen_id', 'ad_id', 'company_id', 'outlet_id', 'from', 'to'] as const;

/**
 * A download link for the filtered plays: a signed ticket (5 minutes) naming the user's
 * session and the filters, so the browser can stream the file natively without a bearer header.
 */
export async function createExportTicket(secret: Uint8Array, principal: StaffPrincipal, filters: PlayFilters) {
  const expiresAt = new Date(Date.now() + TICKET_MINUTES * 60_000);
  const data: Record<string, string> = {};
  for (const key of FILTER_KEYS) if (filters[key]) data[key] = filters[key]!;
  const ticket = await signToken(secret, {
    sub: principal.user.id,
    sid: principal.sessionId,
    aud: 'export',
    expiresAt,
    data,
  });
  return { url: `/api/playback-logs/export.csv?ticket=${ticket}`, expires_at: expiresAt.toISOString() };
}

/** The play's time in the outlet's zone, ISO with that zone's offset then: `2026-11-20T18:04:05+05:30`. */
function outletTime(row: PlaybackLogRow): string {
  const [date = '', time = ''] = row.played_at_local.split(' ');
  return isoWithOffset(date, time, zoneOffsetMinutes(row.timezone, new Date(row.played_at)));
}

/** The wall clock the screen reported, ISO with the offset that clock kept from UTC at the play. */
function screenClock(row: PlaybackLogRow): string {
  return isoWithOffset(
    row.screen_date,
    row.screen_time,
    wallClockOffsetMinutes(row.screen_date, row.screen_time, row.played_at),
  );
}

/**
 * Every time carries its offset (a spreadsheet reads each one without guessing a zone): the
 * instant in UTC, the outlet's wall clock with its zone, and the screen's own clock as reported.
 */
const COLUMNS: Array<[string, (row: PlaybackLogRow) => string | number]> = [
  ['id', (row) => row.id],
  ['played_at_utc', (row) => row.played_at],
  ['played_at_outlet', outletTime],
  ['outlet_timezone', (row) => row.timezone],
  ['screen_clock', screenClock],
  ['play_count', (row) => row.play_count],
  ['ad_id', (row) => row.ad_id],
  ['ad_title', (row) => row.ad_title],
  ['company_name', (row) => row.company_name],
  ['screen_code', (row) => row.screen_code],
  ['outlet_code', (row) => row.outlet_code],
  ['outlet_name', (row) => row.outlet_name],
];

/** RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Resolves a ticket to its still-live session and the filters it was issued for. */
export async function redeemExportTicket(db: Database, secret: Uint8Array, ticket: string) {
  const claims = await verifyToken(secret, ticket, 'export');
  if (!claims) throw unauthorized('This download link is invalid or has expired; export again');
  const principal = await loadLiveSession(db, claims.sub, claims.sid);
  if (!principal) throw unauthorized('The session that made this link has ended; sign in and export again');
  const scope = scopeOf(principal.user.role, 'playbackLogs', 'read');
  if (scope === 'none') throw forbidden();
  const filters: PlayFilters = {};
  for (const key of FILTER_KEYS) if (claims.data[key]) filters[key] = claims.data[key];
  return { caller: callerOf(principal, scope), filters };
}

/** The CSV as a stream read page by page from the database: memory stays flat whatever the size. */
export function playsCsv(db: Database, redeemed: Awaited<ReturnType<typeof redeemExportTicket>>): Readable {
  async function* lines() {
    yield `${COLUMNS.map(([name]) => name).join(',')}\r\n`;
    for await (const rows of allPlays({ db, caller: redeemed.caller }, redeemed.filters)) {
      yield rows.map((row) => `${COLUMNS.map(([, pick]) => csvCell(pick(row))).join(',')}\r\n`).join('');
    }
  }
  return Readable.from(lines());
}
