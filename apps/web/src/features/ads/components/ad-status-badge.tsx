import type { AdStatus } from '@adloop/contract/ads';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  DRAFT: 'Draft',
  PENDING_REVIEW: 'Pending review',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  REJECTED: 'Rejected',
};

const STATUS_STYLES: Record<AdStatus, string> = {
  DRAFT: 'border-border bg-muted text-muted-foreground',
  PENDING_REVIEW: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  ACTIVE: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  PAUSED: 'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  REJECTED: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
};

const DOT_STYLES: Record<AdStatus, string> = {
  DRAFT: 'bg-muted-foreground/60',
  PENDING_REVIEW: 'bg-amber-500',
  ACTIVE: 'bg-emerald-500',
  PAUSED: 'bg-sky-500',
  REJECTED: 'bg-red-500',
};

export function AdStatusBadge({ status, className }: { status: AdStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[status], className)}>
      <span className={cn('size-1.5 rounded-full', DOT_STYLES[status])} aria-hidden="true" />
      {AD_STATUS_LABELS[status]}
    </Badge>
  );
}
