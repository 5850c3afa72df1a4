import { can } from '@adloop/contract/permissions';
import type { AnalyticsOverview } from '@adloop/contract/reports';
import { InfoIcon } from 'lucide-react';
import { Link } from 'react-router';
import { audienceCoverage, hasAudience } from '@/features/analytics/lib/impressions';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

const LINK = 'font-medium text-foreground underline underline-offset-4';

/** How to give impressions a figure: the Audience card on the screen's page, for those who may edit screens. */
function HowToSetOne({ screens }: { screens: AnalyticsOverview['by_screen'] }) {
  const { user } = useAuth();
  if (!can(user.role, 'screens', 'update'))
    return <>An estimate is set in the Audience card on a screen's page, by those who manage screens.</>;
  const [only] = screens;
  if (screens.length === 1 && only)
    return (
      <>
        Set one in the Audience card on{' '}
        <Link to={paths.editScreen.getHref(only.id)} className={`${LINK} whitespace-nowrap`}>
          {only.name}'s page
        </Link>
        .
      </>
    );
  return (
    <>
      Set one in the Audience card on a screen's page (
      <Link to={paths.screens.getHref()} className={LINK}>
        Screens
      </Link>{' '}
      → the screen).
    </>
  );
}

/**
 * Where the impressions come from (decision 085): the screens' audience estimates, not a count;
 * and, when no screen that played has one, how to set one.
 */
export function ImpressionsNote({ overview }: { overview: AnalyticsOverview }) {
  const { totals } = overview;

  return (
    <aside
      aria-label="About impressions"
      className="flex items-start gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        {hasAudience(totals) ? (
          <>
            Impressions are estimates: each play × the people its screen's audience estimate says see a play in that
            hour of the week, as set when the play was stored. {audienceCoverage(totals)}
          </>
        ) : (
          <>
            {audienceCoverage(totals)} <HowToSetOne screens={overview.by_screen} />
          </>
        )}
      </p>
    </aside>
  );
}
