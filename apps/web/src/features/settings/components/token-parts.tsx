import { INTEGRATION_SCOPES, type IntegrationScope, type IntegrationToken } from '@adloop/contract/integration-tokens';
import { Badge } from '@/components/ui/badge';
import { onReadersClock } from '@/lib/readers-clock';
import { cn } from '@/lib/utils';

const STATE_STYLES: Record<IntegrationToken['state'], { label: string; className: string }> = {
  ACTIVE: {
    label: 'Active',
    className: 'border-emerald-600/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  },
  EXPIRED: { label: 'Expired', className: 'border-amber-500/30 bg-amber-500/10 text-amber-900 dark:text-amber-300' },
  REVOKED: { label: 'Revoked', className: 'border-border bg-muted text-muted-foreground' },
};

export function TokenStateBadge({ state }: { state: IntegrationToken['state'] }) {
  const style = STATE_STYLES[state];
  return (
    <Badge variant="outline" className={style.className}>
      {style.label}
    </Badge>
  );
}

export const scopeLabel = (scope: IntegrationScope): string => INTEGRATION_SCOPES[scope].label;

/** A token's scopes by their labels, one chip each. */
export function TokenScopes({ scopes, className }: { scopes: readonly IntegrationScope[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Scopes">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="secondary" className="font-normal">
            {scopeLabel(scope)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "28 Nov 2026" and "03:25 IST": the two lines of an instant in a table's narrow column. */
function dayAndTime(iso: string): [string, string] {
  dayFormat ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  timeFormat ??= new Intl.DateTimeFormat('en-IN', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const date = new Date(iso);
  return [dayFormat.format(date), timeFormat.format(date)];
}

/**
 * An instant on the reader's clock with its zone, e.g. "27 Nov 2026, 21:40 IST": on one line on a
 * phone's card, its day above its time in a wide screen's table column.
 */
export function TokenTime({ iso, fallback }: { iso: string | null; fallback: string }) {
  if (!iso) return <span className="text-muted-foreground">{fallback}</span>;
  const [day, time] = dayAndTime(iso);
  return (
    <time dateTime={iso} title={onReadersClock(iso)} className="tabular-nums">
      <span className="whitespace-nowrap min-[720px]:block">{day}</span>
      <span className="min-[720px]:hidden">, </span>
      <span className="whitespace-nowrap min-[720px]:block min-[720px]:text-xs min-[720px]:text-muted-foreground">
        {time}
      </span>
    </time>
  );
}
