import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/count';

type SummarySectionProps = {
  title: string;
  description: string;
  /** "View all" target; absent when the role cannot open the page. */
  to?: string;
  /** How many the full page holds, beside the title, when the short list shows only the first. */
  count?: { value: number; noun: string };
  children: ReactNode;
};

/** A short list on the dashboard home (offline screens, ads to review) with a way to the full page. */
export function SummarySection({ title, description, to, count, children }: SummarySectionProps) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {title}
          {count && count.value > 0 ? (
            <span className="rounded-md bg-amber-500/15 px-1.5 py-0.5 text-xs font-medium text-amber-800 tabular-nums dark:text-amber-300">
              {formatCount(count.value)} {count.noun}
            </span>
          ) : null}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {to ? (
          <CardAction>
            <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              View all
              <ArrowRightIcon className="size-3.5" aria-hidden="true" />
            </Link>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What a section shows when it has nothing to list, which is usually good news. */
export function SectionEmpty({ icon: Icon, children }: { icon: typeof ArrowRightIcon; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-6 text-sm text-muted-foreground justify-center">
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </p>
  );
}
