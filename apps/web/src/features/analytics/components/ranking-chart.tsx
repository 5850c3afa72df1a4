import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltip, ChartTooltipContent } from '@/components/ui/chart';
import { ChartCard, FigureTable } from '@/features/analytics/components/chart-card';
import { formatCount, formatImpressions } from '@/features/analytics/lib/impressions';
import { PLAYS_CONFIG } from '@/features/analytics/lib/palette';

export type RankedSlice = {
  id: string;
  name: string;
  plays: number;
  /** Estimated impressions; null where the slice has no audience estimate to count by. */
  impressions: number | null;
  /** Shown on hovering the impressions: where the estimate comes from. */
  impressionsNote?: string;
  detail?: string;
};

const CHART_ROWS = 8;
const LABEL_CHARS = 16;

function shorten(label: string): string {
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label;
}

/** A category label on one line, cut with an ellipsis (recharts would wrap it over the bar's height). */
function CategoryTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const label = String(payload?.value ?? '');
  return (
    <text x={Number(x) - 6} y={Number(y)} dy={4} textAnchor="end" className="fill-muted-foreground text-xs">
      <title>{label}</title>
      {shorten(label)}
    </text>
  );
}

type RankingChartProps = {
  title: string;
  description: string;
  /** The table's first column, e.g. "Ad". */
  noun: string;
  slices: RankedSlice[];
  /** What the line under each name is (the ad's company, the screen's outlet), when slices have one. */
  detailHeader?: string;
  /** An Impressions column beside Plays: when some screen of the range has an audience estimate. */
  withImpressions: boolean;
  className?: string;
};

/**
 * The slices with the most plays as horizontal bars (top 8), and all of them in the table: plays,
 * and their estimated impressions where some screen has an audience estimate, else their share.
 */
export function RankingChart({
  title,
  description,
  noun,
  slices,
  detailHeader,
  withImpressions,
  className,
}: RankingChartProps) {
  const ranked = [...slices].sort((a, b) => b.plays - a.plays);
  const total = ranked.reduce((sum, slice) => sum + slice.plays, 0);
  const top = ranked.slice(0, CHART_ROWS);

  return (
    <ChartCard
      className={className}
      title={title}
      description={description}
      chart={
        <ChartContainer config={PLAYS_CONFIG} className="aspect-auto w-full" style={{ height: 48 + top.length * 34 }}>
          <BarChart data={top} layout="vertical" margin={{ left: 0, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} />
            <XAxis type="number" tickLine={false} axisLine={false} allowDecimals={false} />
            <YAxis
              type="category"
              dataKey="name"
              tickLine={false}
              axisLine={false}
              width={120}
              tick={<CategoryTick />}
            />
            <ChartTooltip cursor={false} content={<ChartTooltipContent />} />
            <Bar dataKey="plays" fill="var(--color-plays)" radius={4} barSize={20} isAnimationActive={false} />
          </BarChart>
        </ChartContainer>
      }
      table={
        <FigureTable
          label={title}
          rows={ranked}
          rowKey={(slice) => slice.id}
          columns={[
            {
              header: detailHeader ? `${noun} · ${detailHeader}` : noun,
              cell: (slice) => (
                <>
                  <span className="block truncate">{slice.name}</span>
                  {slice.detail ? (
                    <span className="block truncate text-xs text-muted-foreground">{slice.detail}</span>
                  ) : null}
                </>
              ),
            },
            { header: 'Plays', numeric: true, cell: (slice) => formatCount(slice.plays) },
            // Impressions take the place of the share of plays, which the bars already show.
            withImpressions
              ? {
                  header: 'Impressions',
                  numeric: true,
                  cell: (slice) => <span title={slice.impressionsNote}>{formatImpressions(slice.impressions)}</span>,
                }
              : {
                  header: 'Share',
                  numeric: true,
                  hideOnMobile: true,
                  cell: (slice) => (total > 0 ? `${((slice.plays / total) * 100).toFixed(1)}%` : '—'),
                },
          ]}
        />
      }
    />
  );
}
