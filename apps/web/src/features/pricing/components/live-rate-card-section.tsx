import { CalendarClockIcon, ClockIcon, RefreshCwIcon } from 'lucide-react';
import { SectionHeading } from '@/components/marketing/section-heading';
import { RateCardMatrix } from '@/components/rate-card/rate-card-matrix';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { reloadRateCard, useLiveRateCard } from '@/features/pricing/api/live-rate-card';
import { formatDays, formatMultiplier, formatWindow } from '@/lib/rate-card';
import { onReadersClock } from '@/lib/readers-clock';

/** On the reader's clock, its zone said. */
const when = onReadersClock;

/** The live rate card from the API: what a play costs by venue tier and time of day, and the next change. */
export function LiveRateCardSection() {
  const rates = useLiveRateCard();
  const current = rates.data?.current;
  const next = rates.data?.next;

  return (
    <section id="rates" aria-labelledby="rates-title" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="rates-title"
          eyebrow="Rate card"
          title="One price per play, by venue and hour"
          description="Every completed play is billed at the rate card in force when it played: the venue's tier sets the base price, and peak hours multiply it. The same card pays the outlets."
        />
        <div className="mt-12" aria-live="polite" aria-busy={rates.isLoading}>
          {rates.isLoading ? (
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-12 rounded-xl" />
              <Skeleton className="h-44 rounded-xl" />
            </div>
          ) : rates.isError || !current ? (
            <div
              role="alert"
              className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center"
            >
              <p className="font-medium">The live rate card could not be loaded.</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Check your connection and try again, or write to sales@adloop.app for a quote.
              </p>
              <Button variant="outline" onClick={() => reloadRateCard()}>
                <RefreshCwIcon aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : (
            <div className="grid gap-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
                  <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                  Live prices per play, excluding GST
                  {Date.parse(current.effective_from) > 0 ? ` · in force since ${when(current.effective_from)}` : ''}
                </p>
                {current.dayparts.length > 0 ? (
                  <ul className="flex flex-wrap gap-2" aria-label="Peak hours">
                    {current.dayparts.map((daypart) => (
                      <li
                        key={daypart.id}
                        className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1 text-xs font-medium"
                      >
                        <ClockIcon className="size-3.5 text-primary" aria-hidden="true" />
                        {daypart.name} {formatWindow(daypart.start_time, daypart.end_time)}
                        {daypart.days_of_week.length ? ` · ${formatDays(daypart.days_of_week)}` : ''}
                        <span className="font-semibold text-primary">{formatMultiplier(daypart.multiplier_bps)}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <RateCardMatrix card={current} label="Price per play by outlet tier and time of day" describeTiers />
              <p className="text-sm text-muted-foreground">
                Peak hours are the screen's local time. Peak prices are the base price × the multiplier, rounded to the
                paisa; where peaks overlap, the higher one applies.
              </p>
              {next ? (
                <div className="grid gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-6">
                  <p className="flex items-start gap-2 font-medium">
                    <CalendarClockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>
                      New rates from {when(next.effective_from)}
                      <span className="block text-sm font-normal text-muted-foreground">
                        Plays before then keep today's prices.{next.note ? ` ${next.note}.` : ''}
                      </span>
                    </span>
                  </p>
                  <RateCardMatrix card={next} label="Next rate card" className="bg-background" />
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
