import type { DeliveryDay } from '@adloop/contract/campaign-delivery';
import { format, parseISO } from 'date-fns';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ScrollRegion } from '@/components/scroll-region';
import { type ChartConfig, ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { formatMoney } from '@/lib/money';

/** The same two colours as the legend's swatches (bg-primary/25, bg-primary). */
const DELIVERY_CONFIG = {
  booked_plays: { label: 'Booked plays', color: 'color-mix(in oklab, var(--primary) 25%, transparent)' },
  delivered_plays: { label: 'Delivered plays', color: 'var(--primary)' },
} satisfies ChartConfig;

const dayLabel = (date: string) => format(parseISO(date), 'd MMM');

/**
 * Booked against delivered plays per local date, with the same figures in a table for exact reading
 * (and each day's impressions once a screen has an audience estimate).
 */
export function DeliveryChart({ name, days, note }: { name: string; days: DeliveryDay[]; note?: string }) {
  const withImpressions = days.some((day) => day.delivered_impressions !== null);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="min-w-0" role="img" aria-label={`Chart: booked and delivered plays per day of ${name}`}>
        <ChartContainer config={DELIVERY_CONFIG} className="aspect-auto h-56 w-full">
          <BarChart data={days} margin={{ left: 0, right: 8, top: 8 }} barGap={2} accessibilityLayer={false}>
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="date"
              tickLine={false}
              axisLine={false}
              tickMargin={8}
              minTickGap={16}
              tickFormatter={dayLabel}
            />
            <YAxis tickLine={false} axisLine={false} width={44} allowDecimals={false} />
            <ChartTooltip
              cursor={false}
              content={
                <ChartTooltipContent labelFormatter={(label) => format(parseISO(String(label)), 'EEE d MMM yyyy')} />
              }
            />
            <Bar
              dataKey="booked_plays"
              fill="var(--color-booked_plays)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="delivered_plays"
              fill="var(--color-delivered_plays)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ChartContainer>
        <ul className="mt-2 flex gap-4 text-xs text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-[2px] bg-primary/25" aria-hidden="true" />
            Booked plays
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-[2px] bg-primary" aria-hidden="true" />
            Delivered plays
          </li>
        </ul>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </div>
      <ScrollRegion label={`${name}: plays per day`} className="max-h-72 min-w-0 overflow-auto rounded-lg border">
        <table
          className="w-full text-sm"
          aria-label={`Booked and delivered plays per day of ${name}`}
          data-testid="delivery-days"
        >
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Date
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Booked
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Delivered
              </th>
              {withImpressions ? (
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Impressions
                </th>
              ) : null}
              <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                Spend
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t">
                <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                  {format(parseISO(day.date), 'EEE d MMM')}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{day.booked_plays.toLocaleString('en-IN')}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{day.delivered_plays.toLocaleString('en-IN')}</td>
                {withImpressions ? (
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {day.delivered_impressions === null ? '—' : day.delivered_impressions.toLocaleString('en-IN')}
                  </td>
                ) : null}
                <td className="hidden px-3 py-1.5 text-right tabular-nums sm:table-cell">
                  {formatMoney(day.spend_minor, 'INR')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
