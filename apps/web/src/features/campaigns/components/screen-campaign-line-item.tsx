import type { ScreenCampaignLineItem, ScreenCampaignScreen, ScreenPlays } from '@adloop/contract/screen-campaigns';
import { FileImageIcon, FileVideoIcon } from 'lucide-react';
import { ScrollRegion } from '@/components/scroll-region';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatFlight } from '@/features/campaigns/lib/delivery';
import { formatCount, formatDayparts } from '@/features/campaigns/lib/screen-campaigns';

/** Booked, planned and delivered plays side by side: the three figures every row and total shows. */
export function PlaysFigures({ plays, className }: { plays: ScreenPlays; className?: string }) {
  const figures = [
    ['Booked', plays.booked_plays],
    ['Planned', plays.planned_plays],
    ['Delivered', plays.delivered_plays],
  ] as const;
  return (
    <dl className={className ?? 'grid grid-cols-3 gap-2'}>
      {figures.map(([label, value]) => (
        <div key={label} className="grid content-start gap-0.5 rounded-md border bg-muted/30 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-base font-semibold tabular-nums">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Creatives({ item }: { item: ScreenCampaignLineItem }) {
  if (item.creatives.length === 0) return <p className="text-sm text-muted-foreground">No creative listed.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={`Creatives of ${item.name}`}>
      {item.creatives.map((creative) => {
        const Icon = creative.type === 'VIDEO' ? FileVideoIcon : FileImageIcon;
        return (
          <li key={creative.id} className="flex min-w-0 items-center gap-2 rounded-md border px-3 py-2 text-sm">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <a
              href={creative.media_url}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline"
            >
              {creative.title}
            </a>
            <span className="shrink-0 text-xs text-muted-foreground">
              {creative.type === 'VIDEO' ? 'Video' : 'Image'}
              {creative.duration_seconds ? `, ${creative.duration_seconds} s` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

type OutletOf = (outletId: string) => string | null;

function ScreenName({ screen, outlet }: { screen: ScreenCampaignScreen; outlet: string | null }) {
  const below = [screen.name ? screen.screen_code : null, outlet].filter(Boolean).join(' · ');
  return (
    <div className="min-w-0">
      <span className="block truncate font-medium">{screen.name || screen.screen_code}</span>
      {below ? <span className="block truncate text-xs text-muted-foreground">{below}</span> : null}
    </div>
  );
}

/** Each screen's plays as a table from the small breakpoint up; a phone gets a list of the same. */
function ScreenPlaysTable({ item, showOutlet }: { item: ScreenCampaignLineItem; showOutlet: OutletOf }) {
  return (
    <ScrollRegion
      label={`Plays of ${item.name} per screen`}
      className="hidden overflow-x-auto rounded-md border sm:block"
    >
      <Table aria-label={`Plays of ${item.name} per screen`}>
        <TableHeader className="bg-muted/40">
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-3">Screen</TableHead>
            <TableHead className="text-right">Booked</TableHead>
            <TableHead className="text-right">Planned</TableHead>
            <TableHead className="pr-3 text-right">Delivered</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {item.screens.map((screen) => (
            <TableRow key={screen.screen_id}>
              <TableCell className="max-w-64 pl-3">
                <ScreenName screen={screen} outlet={showOutlet(screen.outlet_id)} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(screen.booked_plays)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(screen.planned_plays)}</TableCell>
              <TableCell className="pr-3 text-right tabular-nums">{formatCount(screen.delivered_plays)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** One flight as an outlet sees it: its dates and hours on the outlet's clock, its creatives, and each of its screens' plays. */
export function ScreenCampaignLineItemCard({
  item,
  showOutlet,
}: {
  item: ScreenCampaignLineItem;
  showOutlet: OutletOf;
}) {
  return (
    <section
      className="grid gap-4 rounded-lg border p-3 sm:p-4"
      aria-labelledby={`line-item-${item.id}`}
      data-testid="screen-line-item"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`line-item-${item.id}`} className="font-medium">
          {item.name}
        </h3>
        <p className="text-sm text-muted-foreground">
          <span className="tabular-nums">{formatFlight(item.starts_on, item.ends_on)}</span> ·{' '}
          {formatDayparts(item.dayparts)} · {item.spot_seconds} s spots
        </p>
      </div>
      <div className="grid gap-2">
        <h4 className="text-sm font-medium">Creatives</h4>
        <Creatives item={item} />
      </div>
      <div className="grid gap-2">
        <h4 className="text-sm font-medium">Plays on your screens</h4>
        <ScreenPlaysTable item={item} showOutlet={showOutlet} />
        <ul className="grid gap-3 sm:hidden" aria-label={`Plays of ${item.name} per screen`}>
          {item.screens.map((screen) => (
            <li key={screen.screen_id} className="grid gap-1.5">
              <ScreenName screen={screen} outlet={showOutlet(screen.outlet_id)} />
              <PlaysFigures plays={screen} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
