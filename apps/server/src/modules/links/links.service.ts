import { createHash } from 'node:crypto';
import { LINK_CODE_PATTERN, serialisedLink } from '@adloop/contract/variants';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ads, adVariants, companies, linkScans, screens } from '../../db/schema.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * The same phone (IP and user agent) scanning the same variant again within this window counts
 * once (decision 034): a second scan minutes later is the same person's interest, not new reach.
 */
export const SCAN_DEDUP_WINDOW_MS = 10 * 60 * 1000;

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

/**
 * Counts a scan of a tracked link unless the same client scanned the same variant within the
 * window; answers where to send the phone, or null for an unknown code.
 */
export async function recordScan(
  db: Database,
  recent: TtlCache<string, true>,
  scan: Scan,
): Promise<{ link: TrackedLink; counted: boolean } | null> {
  const link = await findLink(db, scan.code);
  if (!link) return null;
  const client = createHash('sha256')
    .update(`${link.variantId}\n${scan.ip}\n${scan.userAgent ?? ''}`)
    .digest('base64url');
  if (recent.get(client)) return { link, counted: false };
  recent.set(client, true);
  await db.insert(linkScans).values({
    variantId: link.variantId,
    adId: link.adId,
    screenId: await screenIdOf(db, scan.screenCode),
    userAgent: scan.userAgent?.slice(0, 500) ?? null,
  });
  return { link, counted: true };
}
