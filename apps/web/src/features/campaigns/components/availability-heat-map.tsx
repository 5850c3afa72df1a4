import type { AvailabilityQuery } from '@adloop/contract/inventory';
import { format, parseISO } from 'date-fns';
import { GridIcon, Loader2Icon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvailability } from '@/features/campaigns/api/get-availability';
import { formatPlays } from '@/features/campaigns/lib/delivery';
import { type HeatLevel, heatCellText, heatLevel, heatScale, hourRange } from '@/features/campaigns/lib/heat-map';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';

const AVAILABILITY_DEBOUNCE_MS = 400;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const LEVEL_STYLES: Record<HeatLevel, string> = {
  none: 'bg-transparent',
  0: 'bg-red-500/25',
  1: 'bg-primary/15',
  2: 'bg-primary/35',
  3: 'bg-primary/60',
  4: 'bg-primary/90',
};

const plural = (count: number, noun: string) => `${count.toLocaleString('en-IN')} ${noun}${count === 1 ? '' : 's'}`;

function Legend() {
  const items: Array<[HeatLevel, string]> = [
    [0, 'Full'],
    [1, 'Few'],
    [4, 'Most'],
    ['none', 'Outside dayparts'],
  ];
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {items.map(([level, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className={cn('size-3 rounded-[3px] border', LEVEL_STYLES[level])} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Plays still available per local day × hour over every screen the targeting reaches, asked
 * again as the targeting, flight, dayparts or spot length settle.
 */
export function AvailabilityHeatMap({ query }: { query: AvailabilityQuery | null }) {
  // Debounced as text: the form hands a new object on every render, equal or not.
  const asked = JSON.stringify(query);
  const settledText = useDebouncedValue(asked, AVAILABILITY_DEBOUNCE_MS);
  const availability = useAvailability(JSON.parse(settledText) as AvailabilityQuery | null);
  const data = availability.data;
  const scale = data ? heatScale(data.totals.days) : 0;
  const updating = availability.isFetching || settledText !== asked;
  const { by_basis: basis } = data?.reach ?? { by_basis: { history: 0, outlet: 0, default: 0 } };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Availability
          {updating && data ? (
            <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-label="Updating" />
          ) : null}
        </CardTitle>
        <CardDescription>
          Plays still open to this flight per day and hour, over every screen it reaches, after other campaigns' holds
          and bookings. Dates and hours are each screen's local clock.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query === null ? (
          <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
            Choose a flight of 1 to 92 days and a spot length to see what is available.
          </p>
        ) : availability.isError && !data ? (
          <p
            className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground"
            role="status"
          >
            Availability could not be read: {availability.error.message}
          </p>
        ) : !data ? (
          <Skeleton className="h-48 w-full rounded-lg" aria-busy="true" />
        ) : (
          <>
            <dl
              className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', availability.isPlaceholderData && 'opacity-60')}
              aria-live="polite"
              data-testid="availability-totals"
            >
              <div className="rounded-md border bg-muted/40 px-3 py-2">
                <dt className="text-xs text-muted-foreground">Available</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatPlays(data.totals.available)}</dd>
              </div>
              <div className="rounded-md border bg-muted/40 px-3 py-2">
                <dt className="text-xs text-muted-foreground">Capacity</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatPlays(data.totals.capacity)}</dd>
              </div>
              <div className="col-span-2 rounded-md border bg-muted/40 px-3 py-2 sm:col-span-1">
                <dt className="text-xs text-muted-foreground">Reach</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {plural(data.reach.screens, 'screen')}
                  <span className="text-sm font-normal text-muted-foreground">
                    {' '}
                    in {plural(data.reach.outlets, 'outlet')}
                  </span>
                </dd>
              </div>
            </dl>
            {data.reach.screens === 0 ? (
              <p className="text-sm text-muted-foreground">
                No screen on air matches this targeting. Widen it: fewer tags, more cities or outlets.
              </p>
            ) : (
              <>
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[20rem] table-fixed border-separate border-spacing-[2px] text-[10px]">
                    <caption className="sr-only">
                      Plays available per local date and hour; hours outside the dayparts are blank.
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col" className="w-14 text-left font-normal text-muted-foreground sm:w-20">
                          <span className="sr-only">Date</span>
                        </th>
                        {HOURS.map((hour) => (
                          <th key={hour} scope="col" className="p-0 text-center font-normal text-muted-foreground">
                            <span className="sr-only">{hourRange(hour)}</span>
                            <span aria-hidden="true">{hour % 3 === 0 ? hour : ''}</span>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.totals.days.map((day) => {
                        const label = format(parseISO(day.date), 'EEE d MMM');
                        return (
                          <tr key={day.date}>
                            <th
                              scope="row"
                              className="truncate pr-1 text-left font-normal whitespace-nowrap text-muted-foreground"
                            >
                              {label}
                            </th>
                            {HOURS.map((hour) => {
                              const available = day.available[hour] ?? null;
                              const text = heatCellText(available, day.capacity[hour] ?? null);
                              const level = heatLevel(available, scale);
                              return (
                                <td
                                  key={hour}
                                  title={`${label}, ${hourRange(hour)}: ${text}`}
                                  data-level={level}
                                  className={cn(
                                    'h-4 rounded-[3px] p-0 sm:h-5',
                                    LEVEL_STYLES[level],
                                    level === 'none' && 'border border-dashed border-border/70',
                                  )}
                                >
                                  <span className="sr-only">{text}</span>
                                </td>
                              );
                            })}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <Legend />
                <p className="flex items-start gap-2 text-xs text-muted-foreground">
                  <GridIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    Capacity is forecast from each screen's last 4 weeks on air ({basis.history}), its outlet's other
                    screens ({basis.outlet}), or, for new screens, 08:00–22:00 at 90 % ({basis.default}).
                  </span>
                </p>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
