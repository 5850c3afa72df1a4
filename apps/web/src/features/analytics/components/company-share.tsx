import { Cell, Pie, PieChart } from 'recharts';
import { type ChartConfig, ChartContainer, ChartStyle, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { ChartCard, FigureTable } from '@/features/analytics/components/chart-card';
import { formatCount } from '@/features/analytics/lib/impressions';
import { OTHER_COLOR, PALETTE } from '@/features/analytics/lib/palette';

type Slice = { id: string; name: string; plays: number; impressions: number };

const SLICES = PALETTE.length;

/**
 * Each company's share of plays as a donut (the top five and the rest), with every company in the
 * table, and its estimated impressions when some screen of the range has an audience estimate.
 */
export function CompanyShare({ companies, withImpressions }: { companies: Slice[]; withImpressions: boolean }) {
  const ranked = [...companies].sort((a, b) => b.plays - a.plays);
  const total = ranked.reduce((sum, company) => sum + company.plays, 0);
  const head = ranked.slice(0, SLICES);
  const rest = ranked.slice(SLICES).reduce((sum, company) => sum + company.plays, 0);
  const data = [
    ...head.map((company, index) => ({ key: `company-${index}`, name: company.name, plays: company.plays })),
    ...(rest > 0 ? [{ key: 'other', name: 'Other companies', plays: rest }] : []),
  ];
  const config: ChartConfig = Object.fromEntries(
    data.map((slice, index) => [slice.key, { label: slice.name, theme: PALETTE[index] ?? OTHER_COLOR }]),
  );

  return (
    <ChartCard
      title="By company"
      description="Each advertiser's share of the plays."
      chart={
        <div className="grid gap-3">
          <ChartContainer config={config} className="aspect-auto h-56 w-full">
            <PieChart accessibilityLayer={false}>
              <ChartTooltip cursor={false} content={<ChartTooltipContent hideLabel nameKey="key" />} />
              <Pie
                data={data}
                dataKey="plays"
                nameKey="key"
                innerRadius="55%"
                strokeWidth={2}
                isAnimationActive={false}
              >
                {data.map((slice) => (
                  <Cell key={slice.key} fill={`var(--color-${slice.key})`} />
                ))}
              </Pie>
            </PieChart>
          </ChartContainer>
          <ChartStyle id="company-share-legend" config={config} />
          <ul
            data-chart="company-share-legend"
            className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
          >
            {data.map((slice) => (
              <li key={slice.key} className="flex max-w-48 items-center gap-1.5">
                <span
                  className="size-2.5 shrink-0 rounded-[2px]"
                  style={{ backgroundColor: `var(--color-${slice.key})` }}
                />
                <span className="truncate">{slice.name}</span>
              </li>
            ))}
          </ul>
        </div>
      }
      table={
        <FigureTable
          label="Plays by company"
          rows={ranked}
          rowKey={(company) => company.id}
          columns={[
            { header: 'Company', cell: (company) => <span className="block truncate">{company.name}</span> },
            { header: 'Plays', numeric: true, cell: (company) => formatCount(company.plays) },
            ...(withImpressions
              ? [{ header: 'Impressions', numeric: true, cell: (company: Slice) => formatCount(company.impressions) }]
              : []),
            {
              header: 'Share',
              numeric: true,
              hideOnMobile: withImpressions,
              cell: (company) => (total > 0 ? `${((company.plays / total) * 100).toFixed(1)}%` : '—'),
            },
          ]}
        />
      }
    />
  );
}
