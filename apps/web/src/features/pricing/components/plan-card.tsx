import { DEFAULT_CURRENCY } from '@adloop/contract/formats';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdvertiserPlan } from '@/features/pricing/rates';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

export function PlanCard({ plan }: { plan: AdvertiserPlan }) {
  const titleId = `plan-${plan.id}-title`;
  const minimum =
    plan.minimumMonthlyPaise === 0
      ? 'No minimum'
      : formatMoney(plan.minimumMonthlyPaise, DEFAULT_CURRENCY, { whole: true });

  return (
    <Card
      className={cn(
        'relative h-full gap-0 py-0',
        plan.featured && 'border-primary shadow-xl ring-1 shadow-primary/10 ring-primary lg:-my-3 lg:py-3',
      )}
    >
      <CardHeader className="gap-3 px-6 pt-7">
        <div className="flex items-center justify-between gap-2">
          <CardTitle>
            <h3 id={titleId} className="text-lg font-semibold">
              {plan.name}
            </h3>
          </CardTitle>
          {plan.featured ? <Badge className="rounded-full">Most popular</Badge> : null}
        </div>
        <CardDescription className="min-h-10 leading-relaxed">{plan.audience}</CardDescription>
        <p className="mt-2 flex items-baseline gap-1.5">
          <span className="text-4xl font-semibold tracking-tight tabular-nums">{minimum}</span>
          {plan.minimumMonthlyPaise === 0 ? null : (
            <span className="text-sm text-muted-foreground">a month minimum</span>
          )}
        </p>
        <p className="text-sm font-medium text-muted-foreground">
          Each play at the{' '}
          <a href="#rates" className="text-foreground underline underline-offset-4">
            live rate card
          </a>
        </p>
      </CardHeader>

      <CardContent className="flex-1 px-6 pt-6">
        <ul className="space-y-3 border-t pt-6 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>

      <CardFooter className="px-6 pt-8 pb-7">
        <Button asChild className="w-full" size="lg" variant={plan.featured ? 'default' : 'outline'}>
          {plan.cta.external ? (
            <a href={plan.cta.href}>{plan.cta.label}</a>
          ) : (
            <Link to={plan.cta.href}>{plan.cta.label}</Link>
          )}
        </Button>
      </CardFooter>
    </Card>
  );
}
