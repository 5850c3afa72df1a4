import type { ArchivedPlayMonth } from '@adloop/contract/reports';
import { ArchiveIcon } from 'lucide-react';
import { formatCount } from '@/lib/count';

/** `2025-01` as "January 2025", the month being a UTC month of played_at. */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Where the plays of the period that left the database are (decision 097): a line per archived
 * month, naming its file on the server and, for a caller who sees every play, how many it holds.
 */
export function ArchivedPlaysNotice({ archived }: { archived: readonly ArchivedPlayMonth[] }) {
  if (archived.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md border px-3 py-2 text-sm text-muted-foreground" role="note">
      {archived.map((month) => (
        <p key={month.month} className="flex items-center gap-2">
          <ArchiveIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {`Plays of ${monthName(month.month)} are archived in ${month.file}`}
            {month.rows === null ? '' : `, ${formatCount(month.rows)} ${month.rows === 1 ? 'play' : 'plays'}`}
          </span>
        </p>
      ))}
    </div>
  );
}
