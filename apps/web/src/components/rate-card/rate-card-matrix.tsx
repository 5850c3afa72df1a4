import { OUTLET_TIERS } from '@adloop/contract/constants';
import { applyMultiplier, type Daypart, type PricingCard } from '@adloop/contract/rate-card-rules';
import { ScrollRegion } from '@/components/scroll-region';
import { formatMoney } from '@/lib/money';
import { formatDays, formatMultiplier, formatWindow, TIER_DESCRIPTIONS, TIER_LABELS } from '@/lib/rate-card';
import { cn } from '@/lib/utils';

type RateCardMatrixProps = {
  card: Pick<PricingCard, 'tiers'> & { currency: string; dayparts: Array<Daypart & { id?: string }> };
  label: string;
  /** Show what each tier means beside its name (the public page). */
  describeTiers?: boolean;
  className?: string;
};

/**
 * The price of one play by outlet tier (rows) and time of day (columns): the base rate, then
 * each peak daypart at its multiplier, computed with the same function the server bills with.
 */
export function RateCardMatrix({ card, label, describeTiers = false, className }: RateCardMatrixProps) {
  return (
    <>
      <NarrowMatrix card={card} label={label} className={className} />
      <ScrollRegion
        label={label}
        className={cn('hidden min-w-0 overflow-x-auto rounded-xl border sm:block', className)}
      >
        <table className="w-full text-sm" aria-label={label}>
          <thead className="bg-muted/40 text-left align-bottom">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                Outlet tier
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium whitespace-nowrap">
                <span className="block">Base</span>
                <span className="block text-xs font-normal text-muted-foreground">Any other time</span>
              </th>
              {card.dayparts.map((daypart) => (
                <th key={daypart.id ?? daypart.name} scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="block whitespace-nowrap">
                    {daypart.name}{' '}
                    <span className="rounded bg-primary/10 px-1.5 py-0.5 text-xs font-semibold text-primary">
                      {formatMultiplier(daypart.multiplier_bps)}
                    </span>
                  </span>
                  <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground">
                    {formatWindow(daypart.start_time, daypart.end_time)} · {formatDays(daypart.days_of_week)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {OUTLET_TIERS.map((tier) => (
              <tr key={tier}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  <span className="block">{TIER_LABELS[tier]}</span>
                  {describeTiers ? (
                    <span className="block text-xs font-normal text-muted-foreground">{TIER_DESCRIPTIONS[tier]}</span>
                  ) : null}
                </th>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(card.tiers[tier], card.currency)}
                </td>
                {card.dayparts.map((daypart) => (
                  <td
                    key={daypart.id ?? daypart.name}
                    className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums"
                  >
                    {formatMoney(applyMultiplier(card.tiers[tier], daypart.multiplier_bps), card.currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** On a phone the same prices turned a quarter: a row per time of day, a column per tier, so nothing scrolls. */
function NarrowMatrix({ card, label, className }: Omit<RateCardMatrixProps, 'describeTiers'>) {
  const bands = [
    { key: 'base', name: 'Base', detail: 'Any other time', multiplier: null as number | null },
    ...card.dayparts.map((daypart) => ({
      key: daypart.id ?? daypart.name,
      name: daypart.name,
      detail: `${formatWindow(daypart.start_time, daypart.end_time)} · ${formatDays(daypart.days_of_week)}`,
      multiplier: daypart.multiplier_bps as number | null,
    })),
  ];
  return (
    <ScrollRegion label={label} className={cn('min-w-0 overflow-x-auto rounded-xl border sm:hidden', className)}>
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-muted/40 text-left align-bottom">
          <tr>
            <th scope="col" className="py-2.5 pr-1 pl-3 font-medium text-muted-foreground">
              Time
            </th>
            {OUTLET_TIERS.map((tier) => (
              <th key={tier} scope="col" className="px-2 py-2.5 text-right font-medium last:pr-3">
                {TIER_LABELS[tier]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {bands.map((band) => (
            <tr key={band.key}>
              <th scope="row" className="py-2.5 pr-1 pl-3 text-left font-medium">
                <span className="block">
                  {band.name}{' '}
                  {band.multiplier !== null ? (
                    <span className="rounded bg-primary/10 px-1 py-0.5 text-xs font-semibold text-primary">
                      {formatMultiplier(band.multiplier)}
                    </span>
                  ) : null}
                </span>
                <span className="block text-xs font-normal text-muted-foreground">{band.detail}</span>
              </th>
              {OUTLET_TIERS.map((tier) => (
                <td
                  key={tier}
                  className="px-2 py-2.5 text-right font-semibold whitespace-nowrap tabular-nums last:pr-3"
                >
                  {formatMoney(
                    band.multiplier === null ? card.tiers[tier] : applyMultiplier(card.tiers[tier], band.multiplier),
                    card.currency,
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
