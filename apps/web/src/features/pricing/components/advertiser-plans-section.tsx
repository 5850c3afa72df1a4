import { SectionHeading } from '@/components/marketing/section-heading';
import { PlanCard } from '@/features/pricing/components/plan-card';
import { advertiserPlans } from '@/features/pricing/rates';

export function AdvertiserPlansSection() {
  return (
    <section id="advertisers" aria-labelledby="advertisers-title" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="advertisers-title"
          eyebrow="For advertisers"
          title="Pay per play, nothing else"
          description="No CPM guesswork and no charge for screens that were switched off. Every plan pays the same rate card for each completed play, counted exactly once; plans differ in what you can run and the monthly minimum."
        />
        <div className="mt-14 grid items-stretch gap-6 md:grid-cols-2 lg:grid-cols-3">
          {advertiserPlans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">
          Prices are per completed play and exclude GST. A play completes when a video reaches its end or an image has
          been on screen for its full display time. A monthly minimum is billed only where plays cost less.
        </p>
      </div>
    </section>
  );
}
