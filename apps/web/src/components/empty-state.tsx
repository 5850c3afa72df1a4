import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
  /** 1 when the state is the whole page (no access), so the page still has its h1. */
  headingLevel?: 1 | 2;
};

/** What a page shows when it has nothing to list yet; it explains what will appear here. */
export function EmptyState({ icon: Icon, title, description, children, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-background shadow-xs ring-1 ring-border">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </div>
      <Heading className="text-base font-semibold">{title}</Heading>
      <p className="max-w-md text-sm text-balance text-muted-foreground">{description}</p>
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
