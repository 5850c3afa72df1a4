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

/** An instant on the reader's clock with its zone, e.g. "27 Nov 2026, 21:40 IST". */
export function TokenTime({ iso, fallback }: { iso: string | null; fallback: string }) {
  if (!iso) return <span className="text-muted-foreground">{fallback}</span>;
  return (
    <time dateTime={iso} className="whitespace-nowrap tabular-nums">
      {onReadersClock(iso)}
    </time>
  );
}
