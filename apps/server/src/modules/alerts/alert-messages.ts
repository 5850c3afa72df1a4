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

/** The e-mail of one alert: a subject that says it all, and the details below. */
export function alertEmail(alert: Alert): { subject: string; text: string } {
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
    `Last heartbeat: ${localTime(alert.started_at, alert.timezone)}`,
  ];
  if (alert.resolved_at) lines.push(`Back online: ${localTime(alert.resolved_at, alert.timezone)}`);
  if (alert.kind !== 'BACK_ONLINE')
    lines.push('', 'Check the screen has power and network, and that the display page is open.');
  return { subject, text: `${lines.join('\n')}\n` };
}
