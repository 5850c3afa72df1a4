import type { ScreenPayoutProposal } from '@adloop/contract/billing';
import { canWriteField } from '@adloop/contract/field-grants';
import { AlertTriangleIcon, CalculatorIcon, Loader2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { formatBasisPoints, formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

type Line = ScreenPayoutProposal['lines'][number];

/**
 * "1,234 plays on the rate card = ₹1,851.00 (avg ₹1.50 a play); − 15 % commission (₹277.65) = ₹1,573.35";
 * at an outlet whose commission is 0, "…; no commission (0 %) = ₹1,851.00" (decision 091).
 */
export function workingOf(line: Line, currency: string): string {
  const money = (minor: number) => formatMoney(minor, currency);
  const plays = `${line.plays.toLocaleString('en-IN')} ${line.plays === 1 ? 'play' : 'plays'}`;
  const average = line.plays > 0 ? ` (avg ${money(line.rate_minor)} a play)` : '';
  const commission =
    line.commission_bps === 0
      ? 'no commission (0 %)'
      : `− ${formatBasisPoints(line.commission_bps)} commission (${money(line.commission_minor)})`;
  return `${plays} on the rate card = ${money(line.gross_minor)}${average}; ${commission} = ${money(line.amount_minor)}`;
}

/** The outlets of a proposal that AdLoop takes nothing from, once each. */
function outletsWithoutCommission(lines: Line[]) {
  const outlets = new Map<string, string>();
  for (const line of lines) if (line.commission_bps === 0) outlets.set(line.outlet_id, line.outlet_name);
  return [...outlets].map(([id, name]) => ({ id, name }));
}

/** Says plainly that an outlet is paid the whole price, and where its commission is set. */
function NoCommissionNote({ lines }: { lines: Line[] }) {
  const { user } = useAuth();
  const mayEdit = canWriteField(user.role, 'outlets', 'commission_bps');
  return outletsWithoutCommission(lines).map((outlet) => (
    <p
      key={outlet.id}
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <span>
        No commission is set for {outlet.name}: its commission is 0 %, so AdLoop keeps nothing and the outlet is paid
        the whole price of its plays.{' '}
        {mayEdit ? (
          <Link to={paths.editOutlet.getHref(outlet.id)} className="font-medium underline underline-offset-4">
            Set its commission
          </Link>
        ) : null}
      </span>
    </p>
  ));
}

type PayoutProposalProps = {
  proposal: ScreenPayoutProposal | undefined;
  /** Nothing to propose yet: the form lacks a screen or outlet or a period. */
  waiting: boolean;
  loading: boolean;
  refreshing: boolean;
};

/** The proposed payout with its working per screen, so whoever pays can check every number. */
export function PayoutProposal({ proposal, waiting, loading, refreshing }: PayoutProposalProps) {
  return (
    <section aria-label="Proposed payout" aria-busy={loading || refreshing} className="grid gap-3">
      <div className="flex items-center gap-2">
        <CalculatorIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-sm font-semibold">Proposed payout</h2>
        {refreshing ? (
          <Loader2Icon className="size-3.5 animate-spin text-muted-foreground" aria-label="Updating" />
        ) : null}
      </div>
      {waiting ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Choose a screen or outlet and a period: the payout is worked out from the plays' rate-card prices as you go.
        </p>
      ) : loading || !proposal ? (
        <div className="grid gap-2" aria-hidden="true">
          <Skeleton className="h-14 rounded-lg" />
          <Skeleton className="h-8 w-1/2 rounded-lg" />
        </div>
      ) : proposal.lines.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          This outlet has no screens to pay for.
        </p>
      ) : (
        <div className={cn('grid gap-3 transition-opacity', refreshing && 'opacity-60')}>
          <NoCommissionNote lines={proposal.lines} />
          <ul className="grid gap-2">
            {proposal.lines.map((line) => (
              <li
                key={line.screen_id}
                className={cn(
                  'grid gap-1 rounded-lg border p-3',
                  line.already_paid && 'border-amber-500/40 bg-amber-500/5',
                )}
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-mono text-sm font-medium">{line.screen_code}</span>
                  <span className="truncate text-xs text-muted-foreground">{line.outlet_name}</span>
                  {line.already_paid ? (
                    <span className="ml-auto inline-flex items-center gap-1 rounded-md bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
                      <AlertTriangleIcon className="size-3" aria-hidden="true" />
                      Already paid
                    </span>
                  ) : null}
                </div>
                <p className="text-sm tabular-nums" data-testid="payout-working">
                  {workingOf(line, proposal.currency)}
                </p>
                {line.already_paid ? (
                  <p className="text-xs text-amber-700 dark:text-amber-400">
                    A payout already covers part of this period for this screen; it cannot be paid twice.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="flex items-baseline justify-between gap-4 rounded-lg bg-muted/50 px-3 py-2.5">
            <span className="text-sm font-medium">Total</span>
            <span className="text-xl font-semibold tabular-nums" data-testid="payout-total">
              {formatMoney(proposal.total_minor, proposal.currency)}
            </span>
          </div>
          <p className="text-xs text-muted-foreground">{proposal.rounding}</p>
        </div>
      )}
    </section>
  );
}
