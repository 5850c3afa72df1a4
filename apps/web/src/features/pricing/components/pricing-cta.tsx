import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function PricingCta() {
  return (
    <section aria-labelledby="pricing-cta-title" className="pb-20 sm:pb-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-2xl bg-linear-to-br from-primary to-violet-700 px-6 py-12 text-center text-primary-foreground shadow-xl shadow-primary/20 sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-20 -left-20 -z-10 size-72 rounded-full bg-white/10 blur-3xl"
          />
          <h2 id="pricing-cta-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Ready to put your screens to work?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-primary-foreground/80">
            Sign in to manage ads and screens, or tell our sales team what you want to run and where.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary" className="h-11 px-6">
              <Link to={paths.login.getHref()}>
                Sign in to AdLoop
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="h-11 border-primary-foreground/30 bg-transparent px-6 text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <a href="mailto:sales@adloop.app">
                <Mail aria-hidden="true" />
                Talk to sales
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
