import * as React from 'react';
import * as RechartsPrimitive from 'recharts';
import { cn } from '@/lib/utils';

/**
 * shadcn's chart pattern for recharts: a config names each series and gives it a colour per
 * theme; the container turns those into `--color-<key>` variables that the chart's fills and
 * strokes use, so charts follow light and dark mode with no colour in the chart code.
 */

const THEMES = { light: '', dark: '.dark' } as const;

export type ChartConfig = Record<
  string,
  { label?: React.ReactNode } & (
    | { color?: string; theme?: never }
    | { color?: never; theme: Record<keyof typeof THEMES, string> }
  )
>;

const ChartContext = React.createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = React.useContext(ChartContext);
  if (!context) throw new Error('useChart must be used within a <ChartContainer />');
  return context;
}

function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const coloured = Object.entries(config).filter(([, item]) => item.theme ?? item.color);
  if (coloured.length === 0) return null;
  const css = Object.entries(THEMES)
    .map(([theme, prefix]) => {
      const variables = coloured
        .map(([key, item]) => {
          const color = item.theme?.[theme as keyof typeof THEMES] ?? item.color;
          return color ? `  --color-${key}: ${color};` : null;
        })
        .filter(Boolean)
        .join('\n');
      return `${prefix} [data-chart=${id}] {\n${variables}\n}`;
    })
    .join('\n');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the CSS is built from the chart's own config, not from user input
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

type ChartContainerProps = React.ComponentProps<'div'> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children'];
};

function ChartContainer({ id, className, children, config, ...props }: ChartContainerProps) {
  const uniqueId = React.useId();
  const chartId = `chart-${id ?? uniqueId.replace(/:/g, '')}`;

  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-dot[stroke='#fff']]:stroke-transparent [&_.recharts-layer]:outline-hidden [&_.recharts-polar-grid_[stroke='#ccc']]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-reference-line_[stroke='#ccc']]:stroke-border [&_.recharts-sector]:outline-hidden [&_.recharts-sector[stroke='#fff']]:stroke-transparent [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <RechartsPrimitive.ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>
          {children}
        </RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

const ChartTooltip = RechartsPrimitive.Tooltip;

type TooltipEntry = {
  name?: string | number;
  value?: unknown;
  dataKey?: unknown;
  color?: string;
  type?: string;
  payload?: unknown;
};

type ChartTooltipContentProps = {
  /** Set by recharts when it renders the content. */
  active?: boolean;
  payload?: ReadonlyArray<TooltipEntry>;
  label?: React.ReactNode;
  className?: string;
  hideLabel?: boolean;
  /** The key of the row field that names a point (a pie's slice), instead of the series name. */
  nameKey?: string;
  labelFormatter?: (label: React.ReactNode, payload: ReadonlyArray<TooltipEntry>) => React.ReactNode;
  valueFormatter?: (value: number) => React.ReactNode;
};

function fieldOf(payload: unknown, key: string): unknown {
  return typeof payload === 'object' && payload !== null && key in payload
    ? (payload as Record<string, unknown>)[key]
    : undefined;
}

function ChartTooltipContent({
  active,
  payload,
  label,
  className,
  hideLabel = false,
  nameKey,
  labelFormatter,
  valueFormatter = (value) => value.toLocaleString(),
}: ChartTooltipContentProps) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;
  const entries = payload.filter((entry) => entry.type !== 'none');

  return (
    <div
      className={cn(
        'grid min-w-32 items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl',
        className,
      )}
    >
      {hideLabel || label === undefined ? null : (
        <div className="font-medium">{labelFormatter ? labelFormatter(label, entries) : label}</div>
      )}
      <div className="grid gap-1.5">
        {entries.map((entry) => {
          const key = String((nameKey ? fieldOf(entry.payload, nameKey) : undefined) ?? entry.dataKey ?? entry.name);
          const itemConfig = config[key];
          const color = (fieldOf(entry.payload, 'fill') as string | undefined) ?? entry.color;
          return (
            <div key={key} className="flex w-full items-center gap-2">
              <div className="size-2.5 shrink-0 rounded-[2px]" style={{ backgroundColor: color }} />
              <div className="flex flex-1 items-center justify-between gap-4 leading-none">
                <span className="text-muted-foreground">{itemConfig?.label ?? key}</span>
                {typeof entry.value === 'number' ? (
                  <span className="font-mono font-medium text-foreground tabular-nums">
                    {valueFormatter(entry.value)}
                  </span>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export { ChartContainer, ChartStyle, ChartTooltip, ChartTooltipContent, useChart };
