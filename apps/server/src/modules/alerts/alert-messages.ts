import type { Alert } from '@adloop/contract/alerts';

/** A time as the outlet's staff read it, with its zone named. */
function localTime(iso: string, timezone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
  return `${text} (${timezone})`;
}

export function formatDowntime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

const UNITS = { PLAYS: 'plays', IMPRESSIONS: 'impressions', BUDGET: 'paise' } as const;

/** A quantity in a goal's unit as people read it: plays, impressions, or rupees for a budget. */
function quantity(kind: keyof typeof UNITS, value: number): string {
  if (kind === 'BUDGET')
    return `₹${(value / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `${value.toLocaleString('en-IN')} ${UNITS[kind]}`;
}

/** An under-delivery alert's e-mail (decision 084): what the line item can still reach, and what to do. */
function underDeliveryEmail(alert: Alert): { subject: string; text: string } {
  const campaign = alert.campaign!;
  const subject = `${campaign.campaign_name}: ${campaign.line_item_name} can no longer reach its goal`;
  const lines = [
    subject,
    '',
    `Advertiser: ${campaign.company_name}`,
    `Goal: ${quantity(campaign.goal_kind, campaign.goal_quantity)} by the end of ${campaign.ends_on} (each screen's local date)`,
    `Delivered so far: ${quantity(campaign.goal_kind, campaign.delivered_quantity)}`,
    `Forecast to the end: ${quantity(campaign.goal_kind, campaign.forecast_quantity)}, short by ${quantity(campaign.goal_kind, campaign.goal_quantity - campaign.forecast_quantity)}`,
    '',
    'Screens it was booked on are dark or the hours left cannot hold the rest. A make-good or a credit can be offered when the flight ends.',
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}

/** The e-mail of one alert: a subject that says it all, and the details below. */
export function alertEmail(alert: Alert): { subject: string; text: string } {
  if (alert.kind === 'UNDER_DELIVERY' && alert.campaign) return underDeliveryEmail(alert);
  const timezone = alert.timezone ?? 'UTC';
  const codes = alert.screens.map((screen) => screen.screen_code);
  const who =
    alert.scope === 'OUTLET'
      ? `${codes.length} screens at ${alert.outlet_name}`
      : `Screen ${codes[0]} at ${alert.outlet_name}`;
  const are = alert.scope === 'OUTLET' ? 'are' : 'is';
  const subject =
    alert.kind === 'BACK_ONLINE'
      ? `${who} ${are} back online after ${formatDowntime(alert.downtime_seconds ?? 0)}`
      : alert.kind === 'REMINDER'
        ? `${who} ${are} still offline`
        : `${who} ${are} offline`;
  const lines = [
    subject,
    '',
    `Screens: ${alert.screens.map((screen) => (screen.name ? `${screen.screen_code} (${screen.name})` : screen.screen_code)).join(', ')}`,
    `Last heartbeat: ${localTime(alert.started_at, timezone)}`,
  ];
  if (alert.resolved_at) lines.push(`Back online: ${localTime(alert.resolved_at, timezone)}`);
  if (alert.kind !== 'BACK_ONLINE')
    lines.push('', 'Check the screen has power and network, and that the display page is open.');
  return { subject, text: `${lines.join('\n')}\n` };
}
