import { format, parseISO } from 'date-fns';
import { Area, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartStyle, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { ChartCard, FigureTable } from '@/features/analytics/components/chart-card';
import { formatCount } from '@/features/analytics/lib/impressions';
import { PLAYS_AND_IMPRESSIONS_CONFIG, PLAYS_CONFIG } from '@/features/analytics/lib/palette';
import type { DayFigures } from '@/features/analytics/lib/series';

const dayLabel = (date: string) => format(parseISO(date), 'd MMM');
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** `impressions`: the range's total, null when no screen has an estimate to count by. */
function describe(series: DayFigures[], impressions: number | null): string {
  const plays = series.reduce((sum, point) => sum + point.plays, 0);
  const busiest = series.reduce<DayFigures | undefined>(
    (best, point) => (!best || point.plays > best.plays ? point : best),
    undefined,
  );
  if (!busiest || busiest.plays === 0)
    return impressions === null ? 'Plays per day.' : 'Plays and estimated impressions per day.';
  const seen = impressions === null ? '' : ` seen about ${formatCount(impressions)} times (estimated impressions)`;
  return `${formatCount(plays)} plays${seen}; the busiest day was ${format(parseISO(busiest.date), 'EEE d MMM')} with ${formatCount(busiest.plays)} plays.`;
}

/**
 * Plays per day across the range as an area, with the daily figures beside it; where some screen
 * has an audience estimate, its impressions per day as a line on an axis of their own (right).
 */
export function PlaysOverTime({ series, impressions }: { series: DayFigures[]; impressions: number | null }) {
  const withImpressions = impressions !== null;
  return (
    <ChartCard
      side
      title="Plays over time"
      description={describe(series, impressions)}
      chart={
        <div className="grid gap-2">
          <ChartContainer
            config={withImpressions ? PLAYS_AND_IMPRESSIONS_CONFIG : PLAYS_CONFIG}
            className="aspect-auto h-64 w-full"
          >
            <ComposedChart data={series} margin={{ left: 0, right: 0, top: 8 }} accessibilityLayer={false}>
              <defs>
                <linearGradient id="plays-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="5%" stopColor="var(--color-plays)" stopOpacity={0.5} />
                  <stop offset="95%" stopColor="var(--color-plays)" stopOpacity={0.05} />
                </linearGradient>
              </defs>
              <CartesianGrid vertical={false} />
              <XAxis
                dataKey="date"
                tickLine={false}
                axisLine={false}
                tickMargin={8}
                minTickGap={24}
                tickFormatter={dayLabel}
              />
              <YAxis
                yAxisId="plays"
                tickLine={false}
                axisLine={false}
                width={40}
                allowDecimals={false}
                tickFormatter={(value: number) => compact.format(value)}
              />
              {withImpressions ? (
                <YAxis
                  yAxisId="impressions"
                  orientation="right"
                  tickLine={false}
                  axisLine={false}
                  width={44}
                  allowDecimals={false}
                  tickFormatter={(value: number) => compact.format(value)}
                />
              ) : null}
              <ChartTooltip
                cursor={false}
                content={
                  <ChartTooltipContent labelFormatter={(label) => format(parseISO(String(label)), 'EEE d MMM yyyy')} />
                }
              />
              <Area
                yAxisId="plays"
                dataKey="plays"
                type="monotone"
                fill="url(#plays-fill)"
                stroke="var(--color-plays)"
                strokeWidth={2}
                isAnimationActive={false}
              />
              {withImpressions ? (
                <Line
                  yAxisId="impressions"
                  dataKey="impressions"
                  type="monotone"
                  stroke="var(--color-impressions)"
                  strokeWidth={2}
                  strokeDasharray="5 3"
                  dot={false}
                  isAnimationActive={false}
                />
              ) : null}
            </ComposedChart>
          </ChartContainer>
          {withImpressions ? (
            <>
              <ChartStyle id="plays-over-time-legend" config={PLAYS_AND_IMPRESSIONS_CONFIG} />
              <ul
                data-chart="plays-over-time-legend"
                className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
              >
                <li className="flex items-center gap-1.5">
                  <span className="h-2.5 w-3 shrink-0 rounded-[2px] bg-(--color-plays)" />
                  Plays (left axis)
                </li>
                <li className="flex items-center gap-1.5">
                  <span className="w-3 shrink-0 border-t-2 border-dashed border-(--color-impressions)" />
                  Impressions, estimated (right axis)
                </li>
              </ul>
            </>
          ) : null}
        </div>
      }
      table={
        <FigureTable
          label="Plays per day"
          rows={[...series].reverse()}
          rowKey={(point) => point.date}
          columns={[
            { header: 'Day', cell: (point) => format(parseISO(point.date), 'EEE d MMM yyyy') },
            { header: 'Plays', numeric: true, cell: (point) => formatCount(point.plays) },
            ...(withImpressions
              ? [{ header: 'Impressions', numeric: true, cell: (point: DayFigures) => formatCount(point.impressions) }]
              : []),
          ]}
        />
      }
    />
  );
}
