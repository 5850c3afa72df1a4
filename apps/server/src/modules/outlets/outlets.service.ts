import { STANDARD_COMMISSION_BPS } from '@adloop/contract/constants';
import { canSeeField, withHiddenFields } from '@adloop/contract/field-grants';
import type { Outlet, OutletCreate, OutletUpdate } from '@adloop/contract/outlets';
import { and, arrayContains, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outlets, outletUsers, pincodes, screenPayouts, screens } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { assertWritableFields } from '../../lib/field-grants.ts';
import { assertNothingAttached, conflict, fieldError, notFound } from '../../lib/http-error.ts';
import { type ListQuery, offsetOf, orderByOf, type Page, pageOf, searchOf } from '../../lib/list-query.ts';
import { type NetworkTargetPolicy, NetworkTargetRefused, resolveNetworkTarget } from '../../lib/network-targets.ts';
import { scopedByOutlet } from '../../lib/scope.ts';
import { qualified } from '../../lib/sql.ts';
import { placeOf } from './outlet-place.ts';

const screensCount = sql<number>`(select count(*)::int from ${screens} where ${qualified(screens, screens.outletId)} = ${qualified(outlets, outlets.id)})`;
const pincodeState = sql<
  string | null
>`(select ${qualified(pincodes, pincodes.state)} from ${pincodes} where ${qualified(pincodes, pincodes.code)} = ${qualified(outlets, outlets.pincode)})`;
const outletColumns = { outlet: outlets, screensCount, pincodeState };

function toOutlet(row: {
  outlet: typeof outlets.$inferSelect;
  screensCount: number;
  pincodeState: string | null;
}): Outlet {
  const { outlet } = row;
  return {
    id: outlet.id,
    name: outlet.name,
    outlet_code: outlet.outletCode,
    address: outlet.address,
    city: outlet.city,
    pincode: outlet.pincode,
    state: row.pincodeState,
    timezone: outlet.timezone,
    tags: outlet.tags,
    commission_bps: outlet.commissionBps,
    tier: outlet.tier,
    offline_alert_minutes: outlet.offlineAlertMinutes,
    alert_webhook_url: outlet.alertWebhookUrl,
    has_alert_webhook_secret: outlet.alertWebhookSecret !== null,
    is_active: outlet.isActive,
    screens_count: row.screensCount,
    created_at: outlet.createdAt.toISOString(),
    updated_at: outlet.updatedAt.toISOString(),
  };
}

const SORTABLE = {
  name: outlets.name,
  outlet_code: outlets.outletCode,
  city: outlets.city,
  commission_bps: outlets.commissionBps,
  // Cheapest first: the tiers' order, not their names'.
  tier: sql`array_position(array['STANDARD', 'PREMIUM', 'FLAGSHIP'], ${outlets.tier})`,
  created_at: outlets.createdAt,
  updated_at: outlets.updatedAt,
};

/** No one orders outlets by a commission they cannot see. */
function sortableFor(caller: Caller) {
  if (canSeeField(caller.role, 'outlets', 'commission_bps')) return SORTABLE;
  const { commission_bps: _hidden, ...rest } = SORTABLE;
  return rest;
}

export async function listOutlets(
  ctx: ServiceContext,
  query: ListQuery & { tag?: string; pincode?: string; tier?: Outlet['tier'] },
): Promise<Page<Outlet>> {
  const { db, caller } = ctx;
  const where = and(
    scopedByOutlet(caller, outlets.id),
    searchOf(query.q, [outlets.name, outlets.outletCode, outlets.city, outlets.address]),
    query.tag ? arrayContains(outlets.tags, [query.tag.toLowerCase()]) : undefined,
    query.pincode ? eq(outlets.pincode, query.pincode) : undefined,
    query.tier ? eq(outlets.tier, query.tier) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(outletColumns)
      .from(outlets)
      .where(where)
      .orderBy(...orderByOf(query.sort, sortableFor(caller), asc(outlets.name), outlets.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(outlets).where(where),
  ]);
  return pageOf(
    rows.map((row) => withHiddenFields(caller.role, 'outlets', toOutlet(row))),
    query,
    total?.value,
  );
}

async function findOutlet(db: Database, where: SQL | undefined): Promise<Outlet> {
  const [row] = await db.select(outletColumns).from(outlets).where(where);
  if (!row) throw notFound('Outlet');
  return toOutlet(row);
}

export async function getOutlet(ctx: ServiceContext, id: string): Promise<Outlet> {
  const { db, caller } = ctx;
  return withHiddenFields(
    caller.role,
    'outlets',
    await findOutlet(db, and(eq(outlets.id, id), scopedByOutlet(caller, outlets.id))),
  );
}

const duplicateCode = (code: string) => conflict(`Outlet code ${code} is already in use`);

/** Onboards an outlet, adding its pincode in the same transaction when AdLoop does not know it yet (decision 047). */
export async function createOutlet(
  ctx: ServiceContext,
  input: OutletCreate,
  webhookTargets: NetworkTargetPolicy,
): Promise<Outlet> {
  const { db, caller } = ctx;
  const webhook = webhookOf(input);
  await assertWebhookTarget(input.alert_webhook_url, webhookTargets);
  try {
    const id = await db.transaction(async (tx) => {
      const place = await placeOf(tx, caller.role, {
        pincode: input.pincode ?? null,
        city: input.city,
        state: input.state,
      });
      const [row] = await tx
        .insert(outlets)
        .values({
          name: input.name,
          outletCode: input.outlet_code,
          address: input.address,
          city: place.city ?? null,
          pincode: place.pincode ?? null,
          timezone: input.timezone,
          tags: input.tags,
          // A new outlet left without one pays AdLoop's usual commission, as the form shows (decision 091).
          commissionBps: input.commission_bps ?? STANDARD_COMMISSION_BPS,
          tier: input.tier,
          offlineAlertMinutes: input.offline_alert_minutes,
          ...webhook,
        })
        .returning({ id: outlets.id });
      return row!.id;
    });
    return await findOutlet(db, eq(outlets.id, id));
  } catch (error) {
    if (isUniqueViolation(error, 'outlets_code_uq')) throw duplicateCode(input.outlet_code);
    throw error;
  }
}

/**
 * The outlet's webhook as it will be stored (decision 060): a URL is only ever posted to with a
 * secret to sign by, so one without a secret is refused, and turning the URL off forgets the secret.
 */
function webhookOf(
  change: Pick<OutletUpdate, 'alert_webhook_url' | 'alert_webhook_secret'>,
  before?: Pick<Outlet, 'alert_webhook_url' | 'has_alert_webhook_secret'>,
) {
  const url = change.alert_webhook_url === undefined ? before?.alert_webhook_url : change.alert_webhook_url;
  const hasSecret =
    change.alert_webhook_secret === undefined ? before?.has_alert_webhook_secret : change.alert_webhook_secret !== null;
  if (url && !hasSecret)
    throw fieldError('alert_webhook_secret', 'A webhook URL needs a secret to sign its posts; give one');
  return {
    alertWebhookUrl: change.alert_webhook_url,
    alertWebhookSecret: change.alert_webhook_url === null ? null : change.alert_webhook_secret,
  };
}

/**
 * A new webhook URL is posted to only when its host resolves outside the server's own networks
 * (decision 075): checked here so the admin hears why, and again at every send.
 */
async function assertWebhookTarget(url: string | null | undefined, policy: NetworkTargetPolicy) {
  if (!url) return;
  try {
    await resolveNetworkTarget(url, policy);
  } catch (error) {
    if (error instanceof NetworkTargetRefused) throw fieldError('alert_webhook_url', error.message);
    throw error;
  }
}

export async function updateOutlet(
  ctx: ServiceContext,
  id: string,
  change: OutletUpdate,
  webhookTargets: NetworkTargetPolicy,
): Promise<Outlet> {
  const { db, caller } = ctx;
  const before = await getOutlet(ctx, id);
  // The terms of its contract with the network are the platform's (field grants, decision 064); a
  // new tier prices only plays ingested after the change (decision 033).
  assertWritableFields(caller.role, 'outlets', change);
  const webhook = webhookOf(change, before);
  await assertWebhookTarget(change.alert_webhook_url, webhookTargets);
  try {
    await db.transaction(async (tx) => {
      const place = await placeOf(tx, caller.role, change, before.pincode);
      await tx
        .update(outlets)
        .set({
          name: change.name,
          outletCode: change.outlet_code,
          address: change.address,
          city: place.city,
          pincode: place.pincode,
          timezone: change.timezone,
          tags: change.tags,
          commissionBps: change.commission_bps,
          tier: change.tier,
          offlineAlertMinutes: change.offline_alert_minutes,
          ...webhook,
          isActive: change.is_active,
          updatedAt: sql`now()`,
        })
        .where(eq(outlets.id, id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'outlets_code_uq') && change.outlet_code) throw duplicateCode(change.outlet_code);
    throw error;
  }
  const outlet = await getOutlet(ctx, id);
  // Tags, city, pincode and time zone are the place its screens' ad lists are chosen and scheduled
  // for (decision 032): when they change, those screens are told at once.
  const moved =
    outlet.city !== before.city ||
    outlet.pincode !== before.pincode ||
    outlet.timezone !== before.timezone ||
    [...outlet.tags].sort().join('\n') !== [...before.tags].sort().join('\n');
  // A deactivated outlet's screens stop at once: their sessions end (decision 008), and they
  // cannot sign in again until it is reactivated.
  const deactivated = before.is_active && !outlet.is_active;
  if (deactivated) {
    await db.update(screens).set({ sessionsValidAfter: sql`now()` }).where(eq(screens.outletId, id));
  }
  const screenIds =
    moved || deactivated
      ? (await db.select({ id: screens.id }).from(screens).where(eq(screens.outletId, id))).map((row) => row.id)
      : [];
  // The tier prices, and the zone dates and times (decision 072), plays ingested from now on.
  if (change.tier !== undefined || change.timezone !== undefined) {
    await ctx.emit({ type: 'pricing.changed', outletId: id });
  }
  // A deactivated outlet's screens' streams end and their cached sessions drop, on every process;
  // a moved one's screens get the ads of their new place now, not after the cache's TTL.
  const reason = deactivated ? 'disabled' : 'updated';
  for (const screenId of screenIds) await ctx.emit({ type: 'screen.changed', screenId, reason });
  return outlet;
}

/** Deletes an outlet with no screens, staff or payouts; otherwise 409: deactivate it instead. */
export async function deleteOutlet(ctx: ServiceContext, id: string): Promise<void> {
  const { db } = ctx;
  const outlet = await getOutlet(ctx, id);
  const [[staff], [payouts]] = await Promise.all([
    db.select({ value: count() }).from(outletUsers).where(eq(outletUsers.outletId, id)),
    db.select({ value: count() }).from(screenPayouts).where(eq(screenPayouts.outletId, id)),
  ]);
  assertNothingAttached(
    outlet.name,
    [
      [outlet.screens_count, 'screen'],
      [staff?.value ?? 0, 'staff member'],
      [payouts?.value ?? 0, 'payout'],
    ],
    'deactivate the outlet instead of deleting it',
  );
  try {
    await db.delete(outlets).where(eq(outlets.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(`${outlet.name} is still in use; deactivate it instead`);
    throw error;
  }
}
