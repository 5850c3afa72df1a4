import { createHash } from 'node:crypto';
import { LINK_CODE_PATTERN, serialisedLink } from '@adloop/contract/variants';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVariants, companies, linkScans, screens } from '../../db/schema.ts';

/**
 * The same phone (address and user agent) scanning the same variant again within this window
 * counts once (decision 034): a second scan minutes later is the same person's interest.
 */
export const SCAN_DEDUP_WINDOW_MS = 10 * 60 * 1000;

/**
 * At most this many phones of one network (one address) count for a variant in a rolling hour
 * (decision 049): a client varying its User-Agent cannot inflate scans, while a busy cafe's
 * customers on its Wi-Fi (one address) still count up to this many.
 */
export const SCANS_PER_NETWORK_PER_HOUR = 20;

export interface TrackedLink {
  variantId: string;
  adId: string;
  url: string;
}

export interface Scan {
  code: string;
  /** `?s=`: the screen whose QR code was scanned, as the player writes it into the link. */
  screenCode: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/**
 * The link behind a code, only while a screen may show it (decision 038): a reviewed variant of
 * an ACTIVE ad of an active advertiser. A stored link that is no valid http(s) URL is no link;
 * one with non-ASCII text is sent percent-encoded, as a `Location` header must be.
 */
export async function findLink(db: Database, code: string): Promise<TrackedLink | null> {
  if (!LINK_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({ variantId: adVariants.id, adId: adVariants.adId, url: adVariants.linkUrl })
    .from(adVariants)
    .innerJoin(ads, and(eq(ads.id, adVariants.adId), eq(ads.status, 'ACTIVE')))
    .innerJoin(companies, and(eq(companies.id, ads.companyId), eq(companies.isActive, true)))
    .where(and(eq(adVariants.linkCode, code), isNotNull(adVariants.linkUrl), eq(adVariants.reviewed, true)));
  const url = row?.url ? serialisedLink(row.url) : null;
  return row && url ? { variantId: row.variantId, adId: row.adId, url } : null;
}

async function screenIdOf(db: Database, screenCode: string | undefined): Promise<string | null> {
  const code = screenCode?.trim().toUpperCase();
  if (!code || code.length > 64) return null;
  const [row] = await db.select({ id: screens.id }).from(screens).where(eq(screens.screenCode, code));
  return row?.id ?? null;
}

const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * Counts a scan of a tracked link unless the same phone scanned the same variant within the
 * window, or its network already gave the variant its hour's share of phones; answers where to
 * send the phone, or null for an unknown code. Judged in the database under a lock of the
 * variant and network, so it holds across server processes and concurrent scans.
 */
export async function recordScan(db: Database, scan: Scan): Promise<{ link: TrackedLink; counted: boolean } | null> {
  const link = await findLink(db, scan.code);
  if (!link) return null;
  const networkKey = keyOf(link.variantId, scan.ip);
  const clientKey = keyOf(link.variantId, scan.ip, scan.userAgent ?? '');
  const screenId = await screenIdOf(db, scan.screenCode);
  const counted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${networkKey}, 0))`);
    const [recent] = await tx
      .select({
        samePhone: sql<number>`count(*) filter (where ${linkScans.clientKey} = ${clientKey} and ${linkScans.scannedAt} > now() - make_interval(secs => ${SCAN_DEDUP_WINDOW_MS / 1000}))::int`,
        phones: sql<number>`count(distinct ${linkScans.clientKey})::int`,
      })
      .from(linkScans)
      .where(
        and(
          eq(linkScans.variantId, link.variantId),
          eq(linkScans.networkKey, networkKey),
          sql`${linkScans.scannedAt} > now() - interval '1 hour'`,
        ),
      );
    if ((recent?.samePhone ?? 0) > 0 || (recent?.phones ?? 0) >= SCANS_PER_NETWORK_PER_HOUR) return false;
    await tx.insert(linkScans).values({
      variantId: link.variantId,
      adId: link.adId,
      screenId,
      userAgent: scan.userAgent?.slice(0, 500) ?? null,
      clientKey,
      networkKey,
    });
    return true;
  });
  return { link, counted };
}
