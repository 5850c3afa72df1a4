import type { CampaignStatus } from '@adloop/contract/campaigns';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  DRAFT: 'Draft',
  HELD: 'Held',
  BOOKED: 'Booked',
  ACTIVE: 'Delivering',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

const STATUS_STYLES: Record<CampaignStatus, string> = {
  DRAFT: 'border-border bg-muted text-muted-foreground',
  HELD: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  BOOKED: 'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  ACTIVE: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  COMPLETED: 'border-violet-500/30 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  CANCELLED: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
};

const DOT_STYLES: Record<CampaignStatus, string> = {
  DRAFT: 'bg-muted-foreground/60',
  HELD: 'bg-amber-500',
  BOOKED: 'bg-sky-500',
  ACTIVE: 'bg-emerald-500',
  COMPLETED: 'bg-violet-500',
  CANCELLED: 'bg-red-500',
};

export function CampaignStatusBadge({ status, className }: { status: CampaignStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[status], className)} data-testid="campaign-status">
      <span className={cn('size-1.5 rounded-full', DOT_STYLES[status])} aria-hidden="true" />
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}
