import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/lib/count';
import { cn } from '@/lib/utils';

type StatCardProps = {
  label: string;
  value: number;
  icon: LucideIcon;
  /** A line under the number, e.g. "3 awaiting review". */
  detail?: ReactNode;
  /** The page the number comes from; absent when the role cannot open it. */
  to?: string;
  tone?: 'default' | 'warning';
};

/** One headline number on the dashboard home, linking to the page behind it. */
export function StatCard({ label, value, icon: Icon, detail, to, tone = 'default' }: StatCardProps) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span
          className={cn(
            'flex size-8 items-center justify-center rounded-lg bg-primary/10 text-primary',
            tone === 'warning' && 'bg-amber-500/10 text-amber-600 dark:text-amber-400',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <span className="text-3xl font-semibold tracking-tight tabular-nums">{formatCount(value)}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </>
  );
  const className = 'flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs';
  return to ? (
    <Link
      to={to}
      className={cn(
        className,
        'outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
