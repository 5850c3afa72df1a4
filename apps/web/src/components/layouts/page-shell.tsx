import type { ReactNode } from 'react';
import { useRouteHandle } from '@/lib/route-handle';

type PageShellProps = {
  description?: string;
  /** Links beside the title, e.g. to the page that adds a row. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every dashboard page: its title (from the route, so it is written once), what it is for, then its content. */
export function PageShell({ description, actions, children }: PageShellProps) {
  const title = useRouteHandle('title');

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 min-[720px]:p-6 lg:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
