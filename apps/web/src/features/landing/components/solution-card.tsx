import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

export type Solution = {
  /** Anchor of the card, e.g. `#solution-analytics`. */
  id: string;
  title: string;
  description: string;
  Icon: LucideIcon;
  /** Where the feature lives in the product; without it the card is not a link. */
  href?: string;
};

export function SolutionCard({ id, title, description, Icon, href }: Solution) {
  const titleId = `${id}-title`;
  const body = (
    <>
      <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 id={titleId} className="mt-5 text-lg font-semibold tracking-tight">
        {title}
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
      {href ? (
        <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary">
          Explore
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </span>
      ) : null}
    </>
  );

  return (
    <article
      id={id}
      aria-labelledby={titleId}
      className={cn(
        'group relative scroll-mt-24 rounded-xl border bg-card p-6 shadow-xs transition-all',
        'hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md',
      )}
    >
      {href ? (
        <Link
          to={href}
          className="block rounded-md outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </article>
  );
}
