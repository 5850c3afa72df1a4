import { MarketingShell } from '@/components/marketing/marketing-shell';
import { AdvertiserPlansSection } from '@/features/pricing/components/advertiser-plans-section';
import { LiveRateCardSection } from '@/features/pricing/components/live-rate-card-section';
import { OutletPlanSection } from '@/features/pricing/components/outlet-plan-section';
import { PricingCta } from '@/features/pricing/components/pricing-cta';
import { PricingFaqSection } from '@/features/pricing/components/pricing-faq-section';

const jumpLinks = [
  { href: '#rates', label: 'Rate card' },
  { href: '#advertisers', label: 'For advertisers' },
  { href: '#outlets', label: 'For outlets' },
  { href: '#faq', label: 'FAQ' },
] as const;

/** The public pricing page: the live rate card (api/live-rate-card.ts), the plans and the FAQ. */
export function PricingPage() {
  return (
    <MarketingShell>
      <section aria-labelledby="pricing-title" className="relative isolate overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-radial-[ellipse_80%_70%_at_50%_0%] from-primary/15 to-transparent to-70%"
        />
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-4 text-center sm:px-6 sm:pt-24">
          <h1 id="pricing-title" className="text-4xl font-semibold tracking-tight sm:text-5xl lg:text-6xl">
            Pricing
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
            Advertisers pay only for plays that happened, at a published rate card by venue and hour. Outlets join free
            and earn a share of every play. No setup fees, no hardware to buy.
          </p>
          <nav aria-label="Pricing sections" className="mt-8 flex flex-wrap justify-center gap-2">
            {jumpLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className="rounded-full border bg-background/80 px-4 py-1.5 text-sm font-medium text-muted-foreground shadow-xs transition-colors hover:border-primary/40 hover:text-foreground"
              >
                {link.label}
              </a>
            ))}
          </nav>
        </div>
      </section>
      <LiveRateCardSection />
      <AdvertiserPlansSection />
      <OutletPlanSection />
      <PricingFaqSection />
      <PricingCta />
    </MarketingShell>
  );
}
