import type { DashboardSummary } from '@adloop/contract/dashboard';
import { type Scope, scopeOf } from '@adloop/contract/permissions';
import { and, asc, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { ads, companies, outlets, playbackLogs, screenStateChanges, screens, users } from '../../db/schema.ts';
import type { Caller, ServiceContext } from '../../lib/context.ts';
import { isAdvertiser } from '../../lib/house-content.ts';
import { scopedByCompany, scopedByCompanyOrOutlet, scopedByOutlet } from '../../lib/scope.ts';
import { offlineScreens, screenIsOnline } from '../../lib/screen-connection.ts';
import { awaitingReview, visibleAds, waitingSince } from '../ads/ads.service.ts';
import { changeIsDue } from '../screen-activity/state-changes.ts';
import { visibleUsers } from '../users/users.service.ts';

/** Rows on each list of the home page; each links to its full page. */
const LIST_LIMIT = 5;

const total = (rows: Array<{ value: number }>) => rows[0]?.value ?? 0;

/** A count the caller's role may see, or null (docs/design.md §5). */
const when = <T>(scope: Scope, compute: () => Promise<T>): Promise<T | null> =>
  scope === 'none' ? Promise.resolve(null) : compute();

/** The dashboard home: what each role needs first, every number already scoped to the caller. */
export async function dashboardSummary({ db, caller }: ServiceContext): Promise<DashboardSummary> {
  const scope = (resource: Parameters<typeof scopeOf>[1]) => scopeOf(caller.role, resource, 'read');
  /** The caller as the matrix scopes them on another resource's rows. */
  const on = (resourceScope: Scope): Caller => ({ ...caller, scope: resourceScope });
  const adScope = scope('ads');
  const screenScope = scope('screens');
  const activityScope = scope('screenActivity');
  // The review queue matters to whoever writes or reviews ads, not to outlet staff who only see what plays.
  const reviewScope: Scope = caller.can('ads', 'update') ? adScope : 'none';
  // Counting "all the users I can see" is only meaningful beyond oneself.
  const userScope: Scope = scope('users') === 'self' ? 'none' : scope('users');

  const countAds = (where: SQL | undefined) =>
    db
      .select({ value: count() })
      .from(ads)
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(where)
      .then(total);
  const countScreens = (where: SQL | undefined) => db.select({ value: count() }).from(screens).where(where).then(total);
  // One queue for new ads and edits of live ads, their variants' included (decision 091).
  const pending = and(visibleAds(on(reviewScope)), awaitingReview);
  // "Today" is each screen's own date in its outlet's time zone (play_date is the screen's
  // clock); the bound on played_at lets the index find the last two days' plays first.
  const playsToday = and(
    scopedByCompanyOrOutlet(on(scope('playbackLogs')), playbackLogs),
    gte(playbackLogs.playedAt, sql`now() - interval '2 days'`),
    sql`${playbackLogs.playDate} = (now() at time zone ${outlets.timezone})::date`,
  );

  const [adCount, pendingCount, screenCount, onlineCount, outletCount, companyCount, userCount, playCount] =
    await Promise.all([
      when(adScope, () => countAds(visibleAds(on(adScope)))),
      when(reviewScope, () => countAds(pending)),
      when(screenScope, () => countScreens(scopedByOutlet(on(screenScope), screens.outletId))),
      when(screenScope, () => countScreens(and(scopedByOutlet(on(screenScope), screens.outletId), screenIsOnline))),
      when(scope('outlets'), () =>
        db
          .select({ value: count() })
          .from(outlets)
          .where(scopedByOutlet(on(scope('outlets')), outlets.id))
          .then(total),
      ),
      when(scope('companies'), () =>
        db
          .select({ value: count() })
          .from(companies)
          .where(and(isAdvertiser, scopedByCompany(on(scope('companies')), companies.id)))
          .then(total),
      ),
      when(userScope, () =>
        db
          .select({ value: count() })
          .from(users)
          .where(visibleUsers(on(userScope)))
          .then(total),
      ),
      when(scope('playbackLogs'), () =>
        db
          .select({ value: sql<number>`coalesce(sum(${playbackLogs.playCount}), 0)::int` })
          .from(playbackLogs)
          .innerJoin(outlets, eq(outlets.id, playbackLogs.outletId))
          .where(playsToday)
          .then(total),
      ),
    ]);

  const [offline, pendingAds, activity] = await Promise.all([
    // The offline screens the bell and the screen pages show too, with their alert's threshold (decision 092).
    screenScope === 'none' ? null : offlineScreens(db, scopedByOutlet(on(screenScope), screens.outletId), LIST_LIMIT),
    reviewScope === 'none'
      ? []
      : db
          .select({ ad: ads, companyName: companies.name, since: waitingSince })
          .from(ads)
          .innerJoin(companies, eq(companies.id, ads.companyId))
          .where(pending)
          .orderBy(asc(waitingSince), asc(ads.id))
          .limit(LIST_LIMIT),
    activityScope === 'none'
      ? []
      : db
          .select({ activity: screenStateChanges, screenCode: screens.screenCode, outletName: outlets.name })
          .from(screenStateChanges)
          .innerJoin(screens, eq(screens.id, screenStateChanges.screenId))
          .innerJoin(outlets, eq(outlets.id, screenStateChanges.outletId))
          .where(and(scopedByOutlet(on(activityScope), screenStateChanges.outletId), changeIsDue(new Date())))
          .orderBy(desc(screenStateChanges.occurredAt), desc(screenStateChanges.id))
          .limit(LIST_LIMIT),
  ]);

  return {
    counts: {
      ads: adCount,
      ads_pending_review: pendingCount,
      screens: screenCount,
      screens_online: onlineCount,
      outlets: outletCount,
      companies: companyCount,
      users: userCount,
      plays_today: playCount,
    },
    offline_screens: offline?.screens ?? [],
    offline_counts: offline
      ? {
          offline: offline.offline,
          awaiting_alert: offline.awaiting_alert,
          alert_after_minutes: offline.alert_after_minutes,
          never_connected: offline.never_connected,
        }
      : null,
    pending_ads: pendingAds.map(({ ad, companyName, since }) => ({
      id: ad.id,
      title: ad.title,
      company_name: companyName,
      kind: ad.status === 'PENDING_REVIEW' ? ('NEW_AD' as const) : ('EDIT' as const),
      waiting_since: since.toISOString(),
    })),
    recent_activity: activity.map(({ activity, screenCode, outletName }) => ({
      kind: activity.kind,
      screen_id: activity.screenId,
      screen_code: screenCode,
      outlet_name: outletName,
      occurred_at: activity.occurredAt.toISOString(),
    })),
  };
}
