import { format, parseISO } from 'date-fns';
import { ScrollRegion } from '@/components/scroll-region';
import { Skeleton } from '@/components/ui/skeleton';
import type { ScreenUptime } from '@/features/screen-activity/api/get-screen-uptime';
import { zoneName } from '@/features/screen-activity/lib/outlet-clock';
import { cn } from '@/lib/utils';

const LEVELS = [
  { min: 95, label: '95 % or more', className: 'bg-emerald-700 text-white' },
  { min: 75, label: '75–95 %', className: 'bg-emerald-500/45 text-foreground' },
  { min: 40, label: '40–75 %', className: 'bg-amber-500/50 text-foreground' },
  { min: 0.05, label: 'under 40 %', className: 'bg-destructive/35 text-foreground' },
  { min: 0, label: 'offline throughout', className: 'bg-muted text-muted-foreground' },
] as const;
const NOT_YET = { label: 'before the screen existed', className: 'border border-dashed text-muted-foreground' };

function levelOf(pct: number | null) {
  if (pct === null) return NOT_YET;
  return LEVELS.find((level) => pct >= level.min) ?? LEVELS[4];
}

function percent(pct: number | null): string {
  if (pct === null) return '—';
  return `${Number.isInteger(pct) ? pct : pct.toFixed(1)}%`;
}

/** Minutes online over minutes the screen existed in the range, as the server counts each day. */
function overall(screen: ScreenUptime): number | null {
  const existed = screen.days.reduce((sum, day) => sum + day.window_minutes, 0);
  if (existed === 0) return null;
  const online = screen.days.reduce((sum, day) => sum + day.online_minutes, 0);
  return Math.round((online / existed) * 1000) / 10;
}

function cellTitle(screen: ScreenUptime, day: ScreenUptime['days'][number]): string {
  if (day.uptime_pct === null) return `${screen.screen_code} on ${day.date}: before the screen existed`;
  return `${screen.screen_code} on ${day.date}: ${percent(day.uptime_pct)} (${day.online_minutes} of ${day.window_minutes} min online)`;
}

type UptimeGridProps = { screens: ScreenUptime[] | undefined; loading: boolean; refreshing: boolean };

/**
 * A heat map of uptime: a row per screen, a cell per day of its outlet's time zone, the number
 * written in every cell; today counts up to now, and a day before the screen existed has none.
 */
export function UptimeGrid({ screens, loading, refreshing }: UptimeGridProps) {
  if (loading) return <Skeleton className="h-40 w-full rounded-lg" />;
  if (!screens?.length) {
    return <p className="py-6 text-center text-sm text-muted-foreground">No screens to report on for this range.</p>;
  }
  const days = screens[0]?.days.map((day) => day.date) ?? [];

  return (
    <div className={cn('grid gap-3 transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing}>
      <ScrollRegion label="Uptime per screen per day" className="overflow-x-auto rounded-lg border">
        <table className="w-full border-separate border-spacing-0 text-sm" aria-label="Uptime per screen per day">
          <thead>
            <tr className="bg-muted/40">
              <th
                scope="col"
                className="sticky left-0 z-10 border-b bg-muted px-3 py-2 text-left font-medium text-muted-foreground"
              >
                Screen
              </th>
              {days.map((date) => (
                <th
                  key={date}
                  scope="col"
                  className="border-b px-1 py-2 text-center text-xs font-medium whitespace-nowrap text-muted-foreground"
                >
                  <span className="block">{format(parseISO(date), 'EEE')}</span>
                  <span className="block tabular-nums">{format(parseISO(date), 'd MMM')}</span>
                </th>
              ))}
              <th scope="col" className="border-b px-3 py-2 text-right font-medium text-muted-foreground">
                Overall
              </th>
            </tr>
          </thead>
          <tbody>
            {screens.map((screen) => (
              <tr key={screen.screen_id}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-40 border-b bg-card px-3 py-1.5 text-left font-normal"
                >
                  <span className="block truncate font-mono text-sm font-medium">{screen.screen_code}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    <span title={screen.timezone}>{zoneName(screen.timezone)}</span> · {screen.outlet_name}
                  </span>
                </th>
                {screen.days.map((day) => {
                  const level = levelOf(day.uptime_pct);
                  return (
                    <td key={day.date} className="border-b p-1">
                      <div
                        className={cn(
                          'flex h-9 min-w-12 items-center justify-center rounded-md text-xs font-medium tabular-nums',
                          level.className,
                        )}
                        title={cellTitle(screen, day)}
                      >
                        {percent(day.uptime_pct)}
                      </div>
                    </td>
                  );
                })}
                <td className="border-b px-3 py-1.5 text-right font-medium tabular-nums">{percent(overall(screen))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
        {[...LEVELS, NOT_YET].map((level) => (
          <li key={level.label} className="flex items-center gap-1.5">
            <span className={cn('size-3 rounded-sm', level.className)} aria-hidden="true" />
            {level.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
