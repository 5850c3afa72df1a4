import { ChartLine, MonitorPlay, RefreshCw, Store, Tags, TrendingUp } from 'lucide-react';
import { SectionHeading } from '@/components/marketing/section-heading';
import { type Solution, SolutionCard } from '@/features/landing/components/solution-card';
import { paths } from '@/lib/paths';

// One card per pitch of the product spec, §1, each linking to where it lives in the dashboard
// (signed-out visitors pass through the login and land there).
const solutions: Solution[] = [
  {
    id: 'solution-targeting',
    href: paths.createAd.getHref(),
    title: 'Smart tag-based ad targeting',
    description:
      'Tag ads and screens by venue type, city and audience. Each screen plays only the campaigns that match its tags.',
    Icon: Tags,
  },
  {
    id: 'solution-analytics',
    href: paths.analytics.getHref(),
    title: 'Real-time analytics',
    description:
      'Watch plays arrive as they happen, per ad, screen and outlet, with a playback log behind every number.',
    Icon: ChartLine,
  },
  {
    id: 'solution-screens',
    href: paths.screens.getHref(),
    title: 'Multi-screen management',
    description:
      'Add, rename and reset screens from one dashboard, see which are online right now, and take over chosen screens with an urgent message in one step.',
    Icon: MonitorPlay,
  },
  {
    id: 'solution-revenue',
    href: paths.rateCard.getHref(),
    title: 'Revenue optimisation',
    description:
      'A rate card by venue tier with peak-hour multipliers, A/B testing of creatives with tracked QR codes, and commission tracking on every payout.',
    Icon: TrendingUp,
  },
  {
    id: 'solution-updates',
    href: paths.ads.getHref(),
    title: 'Real-time updates',
    description:
      'Edits reach screens in seconds. Media is served through CDN caching and every ad change is versioned.',
    Icon: RefreshCw,
  },
  {
    id: 'solution-outlets',
    href: paths.outlets.getHref(),
    title: 'Multi-outlet support',
    description:
      'Run one cafe or a chain of fifty. Outlet admins and employees see exactly their own screens and payouts.',
    Icon: Store,
  },
];

export function SolutionsSection() {
  return (
    <section
      id="solutions"
      aria-labelledby="solutions-title"
      tabIndex={-1}
      className="scroll-mt-16 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="solutions-title"
          eyebrow="Solutions"
          title="Everything it takes to run ads on real screens"
          description="One platform for the outlet that owns the wall and the brand that pays for the play."
        />
        <div className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {solutions.map((solution) => (
            <SolutionCard key={solution.id} {...solution} />
          ))}
        </div>
      </div>
    </section>
  );
}
