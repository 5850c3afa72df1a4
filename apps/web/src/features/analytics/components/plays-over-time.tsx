import { format, parseISO } from 'date-fns';
import { Area, AreaChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { ChartCard, FigureTable } from '@/features/analytics/components/chart-card';
import { PLAYS_CONFIG } from '@/features/analytics/lib/palette';

type Point = { date: string; plays: number };

const dayLabel = (date: string) => format(parseISO(date), 'd MMM');

/** Plays per day across the range, as an area chart with the daily figures beside it. */
export function PlaysOverTime({ series }: { series: Point[] }) {
  const total = series.reduce((sum, point) => sum + point.plays, 0);
  const busiest = series.reduce<Point | undefined>(
    (best, point) => (!best || point.plays > best.plays ? point : best),
    undefined,
  );

  return (
    <ChartCard
      side
      title="Plays over time"
      description={
        busiest && busiest.plays > 0
          ? `${total.toLocaleString('en-IN')} plays; the busiest day was ${format(parseISO(busiest.date), 'EEE d MMM')} with ${busiest.plays.toLocaleString('en-IN')}.`
          : 'Plays per day.'
      }
      chart={
        <ChartContainer config={PLAYS_CONFIG} className="aspect-auto h-64 w-full">
          <AreaChart data={series} margin={{ left: 0, right: 8, top: 8 }} accessibilityLayer={false}>
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
            <YAxis tickLine={false} axisLine={false} width={40} allowDecimals={false} />
            <ChartTooltip
              cursor={false}
              content={
                <ChartTooltipContent labelFormatter={(label) => format(parseISO(String(label)), 'EEE d MMM yyyy')} />
              }
            />
            <Area
              dataKey="plays"
              type="monotone"
              fill="url(#plays-fill)"
              stroke="var(--color-plays)"
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ChartContainer>
      }
      table={
        <FigureTable
          label="Plays per day"
          rows={[...series].reverse()}
          rowKey={(point) => point.date}
          columns={[
            { header: 'Day', cell: (point) => format(parseISO(point.date), 'EEE d MMM yyyy') },
            { header: 'Plays', numeric: true, cell: (point) => point.plays.toLocaleString('en-IN') },
          ]}
        />
      }
    />
  );
}
