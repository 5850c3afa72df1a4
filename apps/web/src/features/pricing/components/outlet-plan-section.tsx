import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { Check, Store } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/marketing/section-heading';
import { Button } from '@/components/ui/button';
import { useLiveRateCard } from '@/features/pricing/api/live-rate-card';
import { commissionBps, commissionPercent, outletExample, outletKeepsPercent } from '@/features/pricing/rates';
import { formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';

const outletIncludes = [
  'Use the screens you already have: smart TV, Android box or mini PC',
  'Unlimited screens across all your outlets',
  'Playback continues from cache when the internet drops',
  'Screen activity and playback logs in your dashboard',
  'Monthly payouts for every play, with the commission shown line by line',
] as const;

/** A month of plays worked out as a payout is: AdLoop's commission on the gross, rounded half up to the paisa. */
function exampleEarnings(ratePaise: number) {
  const gross = ratePaise * outletExample.playsPerDay * outletExample.days;
  const commission = Math.floor((gross * commissionBps + 5_000) / 10_000);
  return { rate: ratePaise, gross, commission, payout: gross - commission };
}

export function OutletPlanSection() {
  const rates = useLiveRateCard();
  const card = rates.data?.current;
  const example = card ? exampleEarnings(card.tiers[outletExample.tier]) : null;
  const figure = (paise: number | undefined) => (paise === undefined ? '…' : formatMoney(paise, DEFAULT_CURRENCY));

  return (
    <section id="outlets" aria-labelledby="outlets-title" className="scroll-mt-20 bg-muted/40 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="outlets-title"
          eyebrow="For outlets"
          title="Free to join. Paid for every play."
          description="Restaurants, cafes, gyms and salons host the screens; advertisers pay for the plays; you keep most of what each one earns."
        />

        <div className="mt-14 grid overflow-hidden rounded-2xl border bg-card shadow-sm lg:grid-cols-[1.15fr_1fr]">
          <div className="p-6 sm:p-10">
            <div className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
                <Store className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">Outlet partner</h3>
            </div>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-semibold tracking-tight">₹0</span>
              <span className="text-sm text-muted-foreground">to join · no monthly fee</span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              You keep {outletKeepsPercent}% of what advertisers pay for each play on your screens. AdLoop's commission
              is the other {commissionPercent}%, taken off each payout; it covers ad sales, hosting and support.
            </p>
            <ul className="mt-8 space-y-3 text-sm">
              {outletIncludes.map((item) => (
                <li key={item} className="flex gap-3">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <a href="mailto:partners@adloop.app?subject=Become%20an%20outlet%20partner">Become an outlet partner</a>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.login.getHref()}>Sign in to your dashboard</Link>
              </Button>
            </div>
          </div>

          <div className="relative flex flex-col justify-center overflow-hidden bg-linear-to-br from-primary to-violet-700 p-6 text-primary-foreground sm:p-10">
            <div aria-hidden="true" className="absolute -top-24 -right-24 size-64 rounded-full bg-white/10 blur-2xl" />
            <p className="text-base font-semibold">What one busy screen can earn</p>
            <dl className="mt-6 space-y-3 text-sm sm:text-base">
              <div className="flex justify-between gap-4">
                <dt className="text-primary-foreground/80">Plays a day</dt>
                <dd className="font-medium tabular-nums">{outletExample.playsPerDay}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-primary-foreground/80">Days in the month</dt>
                <dd className="font-medium tabular-nums">{outletExample.days}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-primary-foreground/80">Standard base price per play</dt>
                <dd className="font-medium tabular-nums">{figure(example?.rate)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-primary-foreground/80">What the month's plays earn</dt>
                <dd className="font-medium tabular-nums">{figure(example?.gross)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-primary-foreground/80">AdLoop's {commissionPercent}% commission</dt>
                <dd className="font-medium tabular-nums">
                  {example ? '− ' : ''}
                  {figure(example?.commission)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-4 border-t border-primary-foreground/20 pt-4">
                <dt className="font-medium">Your {outletKeepsPercent}%: the month's payout</dt>
                <dd className="text-3xl font-semibold tracking-tight tabular-nums">{figure(example?.payout)}</dd>
              </div>
            </dl>
            <p className="mt-6 text-xs leading-relaxed text-primary-foreground/75">
              An illustration at today's rate card, not a promise: peak hours and Premium or Flagship venues earn more
              per play; what you earn depends on advertiser demand for your area and opening hours.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
