import { cn } from '@/lib/utils';

const TONES = {
  PENDING: 'bg-amber-500/10 text-amber-700 ring-amber-500/20 dark:text-amber-400',
  COMPLETED: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400',
  PAID: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400',
  FAILED: 'bg-destructive/10 text-destructive ring-destructive/20',
  REFUNDED: 'bg-muted text-muted-foreground ring-border',
} as const;

/** The state of a transaction or payout, coloured so a pending one stands out in a long list. */
export function StatusBadge({ status, label }: { status: keyof typeof TONES; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[status],
      )}
    >
      {label}
    </span>
  );
}
