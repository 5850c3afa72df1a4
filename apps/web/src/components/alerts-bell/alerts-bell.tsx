import type { Alert } from '@adloop/contract/alerts';
import { can } from '@adloop/contract/permissions';
import { offlineSummary } from '@adloop/contract/screen-connection';
import { BellIcon, TrendingDownIcon, WifiIcon, WifiOffIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useRecentAlerts } from '@/components/alerts-bell/api/get-alerts';
import { useOfflineScreens } from '@/components/alerts-bell/api/get-offline-screens';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { laterModule, useLaterModule } from '@/lib/later-module';

/** The popover's code comes after the page has painted (decision 101). */
const popoverUi = laterModule(() => import('@/components/ui/popover'));

const GOAL_UNITS = { PLAYS: 'plays', IMPRESSIONS: 'impressions', BUDGET: 'paise' } as const;

/** A quantity in a goal's unit: plays, impressions, or rupees for a budget. */
function inGoalUnit(kind: keyof typeof GOAL_UNITS, value: number): string {
  if (kind === 'BUDGET') return `₹${(value / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  return `${value.toLocaleString('en-IN')} ${GOAL_UNITS[kind]}`;
}

function describe(alert: Alert): string {
  if (alert.kind === 'UNDER_DELIVERY' && alert.campaign) {
    const { campaign } = alert;
    return `"${campaign.line_item_name}" of ${campaign.campaign_name} can no longer reach its goal: forecast ${inGoalUnit(campaign.goal_kind, campaign.forecast_quantity)} of ${inGoalUnit(campaign.goal_kind, campaign.goal_quantity)}`;
  }
  const who =
    alert.scope === 'OUTLET'
      ? `${alert.screens.length} ${alert.screens.length === 1 ? 'screen' : 'screens'} at ${alert.outlet_name}`
      : `${alert.screens[0]?.screen_code ?? 'A screen'} at ${alert.outlet_name}`;
  if (alert.kind === 'BACK_ONLINE') {
    const minutes = Math.round((alert.downtime_seconds ?? 0) / 60);
    return `${who} back online after ${minutes} min`;
  }
  return alert.kind === 'REMINDER' ? `${who} still offline` : `${who} offline`;
}

/** When the alert was raised, on the outlet's clock (UTC for a campaign's), with its zone named. */
function raisedAt(alert: Alert): string {
  const zone = alert.timezone ?? 'UTC';
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(alert.raised_at));
  return `${time} (${zone})`;
}

/**
 * The header's bell: recent alerts the caller may read, refreshed every 30 s: screens of their
 * outlets that went dark or came back, and campaigns of their company that can no longer reach
 * their goal.
 */
export function AlertsBell() {
  const { user } = useAuth();
  const mayRead = can(user.role, 'alerts', 'read');
  const { data: alerts = [], isError } = useRecentAlerts(mayRead);
  const isCompanyStaff = user.role === 'COMPANY_ADMIN' || user.role === 'COMPANY_EMPLOYEE';
  // Screens offline now by the rule the home page and the screen pages use (decision 092).
  const { data: offline } = useOfflineScreens(mayRead && !isCompanyStaff);
  const headingId = useId();
  const ui = useLaterModule(popoverUi);
  // A tap before the popover's code has arrived opens it when it does.
  const [openOnArrival, setOpenOnArrival] = useState(false);
  if (!mayRead) return null;
  const stillOffline = offline?.offline ?? 0;
  const label = stillOffline > 0 ? `Alerts, ${stillOffline} offline` : 'Alerts';
  const sentence = offline ? offlineSummary(offline) : null;

  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={label}
      onClick={
        ui
          ? undefined
          : () => {
              setOpenOnArrival(true);
              void popoverUi.load();
            }
      }
    >
      <BellIcon />
      {stillOffline > 0 ? (
        <span className="absolute top-1 right-1 min-w-4 rounded-full bg-destructive px-1 text-[10px] leading-4 font-medium text-white">
          {stillOffline}
        </span>
      ) : null}
    </Button>
  );
  if (!ui) return button;
  const { Popover, PopoverContent, PopoverTrigger } = ui;

  return (
    <Popover defaultOpen={openOnArrival}>
      <PopoverTrigger asChild>{button}</PopoverTrigger>
      {/* Radix gives the popover the dialog role; its heading names it (axe: aria-dialog-name). */}
      <PopoverContent align="end" className="w-80 p-0" aria-labelledby={headingId}>
        <h2 id={headingId} className="border-b px-4 py-2 text-sm font-medium">
          {isCompanyStaff ? 'Campaign alerts' : 'Alerts'}
        </h2>
        {sentence ? (
          <p role="status" className="border-b px-4 py-2 text-sm font-medium">
            {sentence}.
          </p>
        ) : null}
        {isError ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">Alerts could not be loaded.</p>
        ) : alerts.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">
            {isCompanyStaff
              ? 'No alerts. Every campaign can still reach its goal.'
              : stillOffline > 0
                ? 'No alert raised yet.'
                : 'No alerts. Every screen that connected is online.'}
          </p>
        ) : (
          <ul aria-label="Recent alerts" className="max-h-96 divide-y overflow-y-auto">
            {alerts.map((alert) => {
              const Icon =
                alert.kind === 'UNDER_DELIVERY'
                  ? TrendingDownIcon
                  : alert.kind === 'BACK_ONLINE'
                    ? WifiIcon
                    : WifiOffIcon;
              return (
                <li key={alert.id} className="flex gap-3 px-4 py-2 text-sm">
                  <Icon
                    aria-hidden
                    className={
                      alert.kind === 'BACK_ONLINE' ? 'mt-0.5 size-4 text-emerald-600' : 'mt-0.5 size-4 text-destructive'
                    }
                  />
                  <div className="min-w-0">
                    <p className="break-words">{describe(alert)}</p>
                    <p className="text-xs text-muted-foreground">{raisedAt(alert)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
