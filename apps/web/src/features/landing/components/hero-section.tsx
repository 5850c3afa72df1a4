import { ArrowDown, Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ScreenMockup } from '@/features/landing/components/screen-mockup';
import { WatchDemoDialog } from '@/features/landing/components/watch-demo-dialog';

const heroPoints = ['Free for outlets', 'Any screen with a browser', 'Keeps playing offline'] as const;

function scrollToSolutions() {
  const target = document.getElementById('solutions');
  if (!target) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-radial-[ellipse_80%_60%_at_50%_0%] from-primary/15 to-transparent to-70%"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-size-[48px_48px] opacity-60"
      />

      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:px-8 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-sm font-medium text-muted-foreground shadow-xs">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            For restaurants, cafes, gyms and salons
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Turn the screens on your walls into{' '}
            <span className="bg-linear-to-r from-primary to-violet-500 bg-clip-text text-transparent">ad revenue</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground lg:mx-0">
            AdLoop loops brand ads full-screen on the displays you already own. Advertisers pay for every play, each
            play is counted exactly once, and your outlet earns a payout for it.
          </p>

          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <WatchDemoDialog />
            <Button
              type="button"
              size="lg"
              variant="outline"
              aria-controls="solutions"
              onClick={scrollToSolutions}
              className="h-11 bg-background/80 px-6 text-base"
            >
              Learn More
              <ArrowDown className="size-4" aria-hidden="true" />
            </Button>
          </div>

          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground lg:justify-start">
            {heroPoints.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>

        <ScreenMockup className="mx-auto w-full max-w-xl lg:max-w-none" />
      </div>
    </section>
  );
}
