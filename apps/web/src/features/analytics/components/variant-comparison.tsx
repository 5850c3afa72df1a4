import type { SignificanceVerdict } from '@adloop/contract/ab-test';
import type { VariantResult } from '@adloop/contract/variants';
import { FlaskConicalIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type ChartConfig, ChartContainer } from '@/components/ui/chart';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useVariantAds, useVariantAnalytics } from '@/features/analytics/api/get-variant-analytics';
import { FigureTable } from '@/features/analytics/components/chart-card';
import { OTHER_COLOR, PALETTE } from '@/features/analytics/lib/palette';
import { cn } from '@/lib/utils';

const RATE_CONFIG = { rate: { label: 'Scan rate', theme: PALETTE[0] } } satisfies ChartConfig;

const percent = (value: number | null, digits = 1) => (value === null ? '—' : `${(value * 100).toFixed(digits)}%`);
const signedPercent = (value: number | null) =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

const VERDICTS: Record<SignificanceVerdict, { label: string; className: string }> = {
  control: { label: 'Control', className: 'bg-muted text-muted-foreground' },
  significant: {
    label: 'Significant at 95 %',
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  not_significant: {
    label: 'Not significant yet',
    className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  needs_more_plays: { label: 'Needs more plays', className: 'bg-secondary text-secondary-foreground' },
};

function VerdictBadge({ variant }: { variant: VariantResult }) {
  const verdict = VERDICTS[variant.verdict];
  return (
    <Badge
      variant="outline"
      className={cn('border-transparent', verdict.className)}
      title={variant.p_value === null ? undefined : `p = ${variant.p_value.toPrecision(2)}`}
    >
      {verdict.label}
    </Badge>
  );
}

function RateChart({ variants }: { variants: VariantResult[] }) {
  const data = variants.map((variant) => ({
    label: variant.label,
    rate: variant.scan_rate === null ? 0 : Math.round(variant.scan_rate * 10_000) / 100,
    control: variant.is_control,
  }));
  return (
    <ChartContainer config={RATE_CONFIG} className="aspect-auto w-full" style={{ height: 40 + data.length * 40 }}>
      <BarChart data={data} layout="vertical" margin={{ left: 0, right: 48 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} />
        <XAxis type="number" tickLine={false} axisLine={false} unit="%" allowDecimals />
        <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} width={72} />
        <Bar dataKey="rate" radius={4} isAnimationActive={false}>
          {data.map((row) => (
            <Cell key={row.label} fill={row.control ? OTHER_COLOR.light : 'var(--color-rate)'} />
          ))}
          <LabelList dataKey="rate" position="right" className="fill-foreground text-xs" formatter={(v) => `${v}%`} />
        </Bar>
      </BarChart>
    </ChartContainer>
  );
}

/**
 * The A/B comparison of one ad's variants over the page's range (decision 034): plays, scans,
 * scan rate, lift against the control and whether the difference is significant at 95 %.
 */
export function VariantComparison({ from, to }: { from: string; to: string }) {
  const selectId = useId();
  const ads = useVariantAds(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const adId = chosen ?? ads.data?.[0]?.id ?? null;
  const results = useVariantAnalytics(adId && from && to ? { ad_id: adId, from, to } : null);

  if (ads.isLoading) return <Skeleton className="h-64 rounded-xl" />;
  if (!ads.data?.length) return null;
  const data = results.data;

  return (
    <Card className="min-w-0 gap-4" aria-labelledby={`${selectId}-title`}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <FlaskConicalIcon className="size-4" aria-hidden="true" />
            <h2 id={`${selectId}-title`}>A/B test by variant</h2>
          </CardTitle>
          <CardDescription>
            Scans of each variant's QR code per play, against the control (the first variant by label).
          </CardDescription>
        </div>
        <div className="grid gap-1 sm:w-64">
          <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
            Ad
          </label>
          <NativeSelect id={selectId} value={adId ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {ads.data.map((ad) => (
              <NativeSelectOption key={ad.id} value={ad.id}>
                {ad.title} ({ad.variants} variants)
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className={cn('grid min-w-0 gap-4', results.isPlaceholderData && 'opacity-60')}>
        {!data ? (
          <Skeleton className="h-40 rounded-md" />
        ) : (
          <>
            <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
              <div className="min-w-0" role="img" aria-label={`Chart: scan rate of each variant of ${data.ad.title}`}>
                <RateChart variants={data.variants} />
              </div>
              <ScrollRegion
                label={`Variants of ${data.ad.title}`}
                className="min-w-0 overflow-x-auto rounded-lg border"
              >
                <FigureTable
                  label={`Variants of ${data.ad.title}`}
                  rows={data.variants}
                  rowKey={(variant) => variant.id}
                  columns={[
                    { header: 'Variant', cell: (variant) => <span className="font-medium">{variant.label}</span> },
                    { header: 'Plays', numeric: true, cell: (variant) => variant.plays.toLocaleString() },
                    { header: 'Scans', numeric: true, cell: (variant) => variant.scans.toLocaleString() },
                    {
                      header: 'Scan rate',
                      numeric: true,
                      // On a phone the chart above gives the rates.
                      hideOnMobile: true,
                      cell: (variant) => percent(variant.scan_rate, 2),
                    },
                    {
                      header: 'Lift vs control',
                      numeric: true,
                      hideOnMobile: true,
                      cell: (variant) => (variant.is_control ? '—' : signedPercent(variant.lift)),
                    },
                    { header: 'Significance', cell: (variant) => <VerdictBadge variant={variant} /> },
                  ]}
                />
              </ScrollRegion>
            </div>
            <p className="text-xs text-muted-foreground">
              Two-proportion z-test of scan rates, two-sided. A verdict needs at least {data.min_plays} plays of each
              variant and enough scans (about 5 expected in each); until then it reads “Needs more plays”. Scans of the
              same phone within 10 minutes count once.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
