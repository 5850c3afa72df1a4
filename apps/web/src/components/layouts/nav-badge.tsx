import type { NavBadge } from '@/lib/dashboard-pages';
import { useReviewQueueCount } from '@/lib/review-queue';

function Count({ value, noun }: { value: number | undefined; noun: string }) {
  if (!value) return null;
  return (
    <span className="ml-auto rounded-md bg-amber-500/15 px-1.5 text-xs font-medium text-amber-800 tabular-nums group-data-[collapsible=icon]:hidden dark:text-amber-300">
      {value}
      <span className="sr-only"> {noun}</span>
    </span>
  );
}

function ReviewQueueCount() {
  const count = useReviewQueueCount();
  return <Count value={count.data} noun="waiting" />;
}

/** The count beside a sidebar entry, inside its link so a screen reader reads it with the entry's name. */
export function NavBadgeCount({ badge }: { badge: NavBadge }) {
  switch (badge) {
    case 'reviewQueue':
      return <ReviewQueueCount />;
  }
}
