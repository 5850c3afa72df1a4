import { PAYOUT_STATUSES, type ScreenPayout } from '@adloop/contract/billing';
import { can, scopeOf } from '@adloop/contract/permissions';
import { format } from 'date-fns';
import { BadgeCheckIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import type { DataColumn } from '@/components/data-table/data-table';
import { PageFilterSelect, ResourceList } from '@/components/data-table/resource-list';
import { RowActions } from '@/components/data-table/row-actions';
import { OutletEarningsCards } from '@/components/earnings/earnings-summary';
import { SliceFilters, type SliceKey } from '@/components/report-filters/slice-filters';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { PayPayoutDialog } from '@/features/billing/components/pay-payout-dialog';
import { StatusBadge } from '@/features/billing/components/status-badge';
import { PAYOUT_STATUS_LABELS } from '@/features/billing/lib/labels';
import { formatPeriod } from '@/features/billing/lib/period';
import { useResourcePage } from '@/hooks/use-resource-page';
import { useAuth } from '@/lib/auth-context';
import { formatBasisPoints, formatMoney } from '@/lib/money';
import { paths } from '@/lib/paths';
import { countOf } from '@/lib/plural';
import { screenPayoutResource } from '@/lib/resources/screen-payouts';

const FILTERS = ['outlet_id', 'screen_id', 'status'] as const;
const STATUS_OPTIONS = PAYOUT_STATUSES.map((status) => ({ value: status, label: PAYOUT_STATUS_LABELS[status] }));

export function ScreenPayoutsPage() {
  const { user } = useAuth();
  const page = useResourcePage(screenPayoutResource, FILTERS);
  const { list, query } = page;
  const [paying, setPaying] = useState<ScreenPayout | null>(null);
  const mayCreate = can(user.role, 'screenPayouts', 'create');
  const mayPay = can(user.role, 'screenPayouts', 'update');
  const sliceKeys: SliceKey[] = ['outlet_id', 'screen_id'];
  // A venue reads what it earned before any payout is made (decision 092).
  const seesEarnings = scopeOf(user.role, 'screenPayouts', 'read') === 'own';

  const columns: DataColumn<ScreenPayout>[] = [
    {
      id: 'screen',
      header: 'Screen',
      sortField: 'screen_code',
      primary: true,
      className: 'min-w-44',
      cell: (payout) => (
        <div className="min-w-0">
          <span className="block truncate font-mono text-sm font-medium">{payout.screen.screen_code}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {payout.outlet.name} · {payout.outlet.outlet_code}
          </span>
        </div>
      ),
    },
    {
      id: 'period',
      header: 'Period',
      sortField: 'period_end',
      className: 'whitespace-nowrap',
      cell: (payout) => formatPeriod(payout.period_start, payout.period_end),
    },
    {
      id: 'working',
      header: 'Plays at rate card',
      className: 'whitespace-nowrap',
      cell: (payout) => (
        <div className="tabular-nums">
          <span className="block">
            {countOf(payout.plays, 'play')} · avg {formatMoney(payout.rate_minor, payout.currency)}
          </span>
          <span className="block text-xs text-muted-foreground">
            {payout.commission_bps === 0
              ? `${formatMoney(payout.gross_minor, payout.currency)}, no commission (0 %)`
              : `${formatMoney(payout.gross_minor, payout.currency)} − ${formatBasisPoints(payout.commission_bps)} (${formatMoney(payout.commission_minor, payout.currency)})`}
          </span>
        </div>
      ),
    },
    {
      id: 'amount',
      header: 'Payout',
      sortField: 'amount_minor',
      className: 'text-right whitespace-nowrap',
      cell: (payout) => (
        <span className="font-semibold tabular-nums">{formatMoney(payout.amount_minor, payout.currency)}</span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      cell: (payout) => (
        <div className="min-w-0">
          <StatusBadge status={payout.status} label={PAYOUT_STATUS_LABELS[payout.status]} />
          {payout.status === 'PAID' ? (
            <span className="mt-1 block max-w-44 truncate text-xs text-muted-foreground">
              {[payout.paid_at ? format(new Date(payout.paid_at), 'd MMM yyyy') : null, payout.reference]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </div>
      ),
    },
  ];

  const rowActions = mayPay
    ? (payout: ScreenPayout) => (
        <RowActions label={`Actions for ${payout.screen.screen_code} ${payout.period_start}`}>
          <DropdownMenuItem disabled={payout.status === 'PAID'} onSelect={() => setPaying(payout)}>
            <BadgeCheckIcon aria-hidden="true" />
            {payout.status === 'PAID' ? 'Already paid' : 'Mark as paid'}
          </DropdownMenuItem>
        </RowActions>
      )
    : undefined;

  return (
    <ResourceList
      description="What outlets earn for the plays on their screens: each play at the rate card, less AdLoop's commission."
      create={mayCreate ? { to: paths.addScreenPayout.getHref(), label: 'Add screen payout' } : undefined}
      page={page}
      table={{ label: 'Screen payouts', noun: 'payouts', columns, rowActions }}
      filters={
        <>
          <SliceFilters
            keys={sliceKeys}
            value={{ outlet_id: query.outlet_id, screen_id: query.screen_id }}
            onChange={(key, value) => {
              if (key === 'outlet_id') {
                list.setFilter('outlet_id', value);
                if (query.screen_id) list.setFilter('screen_id', undefined);
              } else if (key === 'screen_id') {
                list.setFilter('screen_id', value);
              }
            }}
          />
          <PageFilterSelect page={page} name="status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} />
        </>
      }
      summary={seesEarnings ? <OutletEarningsCards withDays /> : undefined}
      icon={WalletIcon}
      empty={{
        title: 'No payouts recorded yet',
        description: mayCreate
          ? 'Work out what an outlet earned for a period from its screens’ plays, then record the payout.'
          : 'What your screens earned is above; each payout appears here once AdLoop records it, with the plays and their rate-card prices behind it.',
      }}
      filteredEmpty={{ title: 'No payouts match', description: 'Try other filters or clear them.' }}
    >
      <PayPayoutDialog payout={paying} onClose={() => setPaying(null)} />
    </ResourceList>
  );
}
