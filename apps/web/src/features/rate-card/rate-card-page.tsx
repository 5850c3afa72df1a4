import { can } from '@adloop/contract/permissions';
import { RATE_CARD_LEAD_MS, type RateCard } from '@adloop/contract/pricing';
import { formatDistanceToNow } from 'date-fns';
import { CalendarClockIcon, CalendarPlusIcon, TagsIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageShell } from '@/components/layouts/page-shell';
import { RateCardMatrix } from '@/components/rate-card/rate-card-matrix';
import { ReportTableHead } from '@/components/report-table-head';
import { ScrollRegion } from '@/components/scroll-region';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateRateCard } from '@/features/rate-card/api/create-rate-card';
import { useRateCards } from '@/features/rate-card/api/get-rate-cards';
import { useWithdrawRateCard } from '@/features/rate-card/api/withdraw-rate-card';
import { RateCardForm } from '@/features/rate-card/components/rate-card-form';
import { useAuth } from '@/lib/auth-context';
import { formatMoney } from '@/lib/money';
import { onReadersClock } from '@/lib/readers-clock';
import { toast } from '@/lib/toast';

/** On the reader's clock, its zone said. */
const when = onReadersClock;

function CardNote({ card }: { card: RateCard }) {
  return card.note ? <p className="text-sm text-muted-foreground">{card.note}</p> : null;
}

function HistoryTable({ cards }: { cards: RateCard[] }) {
  return (
    <Card className="min-w-0 gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>
          <h2 className="text-base">History</h2>
        </CardTitle>
        <CardDescription>Cards replaced by a later one. Their plays keep the prices they had.</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 px-0">
        <ScrollRegion label="Rate card history" className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Rate card history">
            <ReportTableHead
              columns={[
                { label: 'In force from' },
                { label: 'Standard', numeric: true },
                { label: 'Premium', numeric: true },
                { label: 'Flagship', numeric: true },
                { label: 'Peaks' },
              ]}
            />
            <tbody className="divide-y">
              {cards.map((card) => (
                <tr key={card.id}>
                  <th scope="row" className="px-4 py-2 text-left font-medium whitespace-nowrap">
                    {Date.parse(card.effective_from) === 0 ? 'Launch' : when(card.effective_from)}
                    {card.note ? (
                      <span className="block max-w-64 truncate text-xs font-normal text-muted-foreground">
                        {card.note}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(card.tiers.STANDARD, card.currency)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(card.tiers.PREMIUM, card.currency)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(card.tiers.FLAGSHIP, card.currency)}
                  </td>
                  <td className="px-4 py-2 text-muted-foreground">
                    {card.dayparts.length ? card.dayparts.map((daypart) => daypart.name).join(', ') : 'None'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </CardContent>
    </Card>
  );
}

export function RateCardPage() {
  const { user } = useAuth();
  const cards = useRateCards();
  const create = useCreateRateCard();
  const withdraw = useWithdrawRateCard();
  const { ask, dialog } = useConfirmDialog();
  const [scheduling, setScheduling] = useState(false);
  const mayManage = can(user.role, 'rateCards', 'create');

  const current = cards.data?.find((card) => card.status === 'IN_FORCE');
  const scheduled = (cards.data ?? []).filter((card) => card.status === 'SCHEDULED').reverse();
  const past = (cards.data ?? []).filter((card) => card.status === 'PAST');

  const askWithdraw = (card: RateCard) =>
    ask({
      title: 'Withdraw this rate card?',
      description: `The card due on ${when(card.effective_from)} will not take effect; the card in force stays.`,
      confirmLabel: 'Withdraw card',
      destructive: true,
      onConfirm: async () => {
        await withdraw.mutateAsync(card.id);
        toast.success('Rate card withdrawn');
      },
    });

  return (
    <PageShell
      description="What one play costs, by outlet tier and time of day. Advertisers are billed, and outlets paid, at the card in force when each play happened."
      actions={
        mayManage && !scheduling ? (
          <Button onClick={() => setScheduling(true)}>
            <CalendarPlusIcon aria-hidden="true" />
            Schedule new card
          </Button>
        ) : null
      }
    >
      {scheduling ? (
        <RateCardForm
          current={current}
          onCancel={() => setScheduling(false)}
          onSave={async (body) => {
            const card = await create.mutateAsync(body);
            toast.success(`Rate card scheduled for ${when(card.effective_from)}`);
            setScheduling(false);
          }}
        />
      ) : null}

      {cards.isLoading ? (
        <div className="grid gap-4" aria-hidden="true">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : cards.isError || !cards.data ? (
        <EmptyState
          icon={TagsIcon}
          title="The rate card could not be loaded"
          description="Check your connection and try again."
        >
          <Button variant="outline" onClick={() => cards.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : (
        <>
          {current ? (
            <Card aria-labelledby="in-force-title">
              <CardHeader>
                <CardTitle>
                  <h2 id="in-force-title" className="flex flex-wrap items-center gap-2">
                    In force
                    <Badge variant="secondary" className="bg-emerald-500/15 text-emerald-700 dark:text-emerald-400">
                      Live
                    </Badge>
                  </h2>
                </CardTitle>
                <CardDescription>
                  {Date.parse(current.effective_from) === 0
                    ? 'The launch rate card, in force since the start.'
                    : `Since ${when(current.effective_from)}.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                <CardNote card={current} />
                <RateCardMatrix card={current} label="Rate card in force" />
                <p className="text-xs text-muted-foreground">
                  Peak prices are the base price × the multiplier, rounded half up to the paisa. Times are each screen's
                  local time; where peaks overlap, the highest multiplier applies.
                </p>
              </CardContent>
            </Card>
          ) : null}

          {scheduled.map((card) => (
            <Card key={card.id} aria-label={`Scheduled rate card from ${when(card.effective_from)}`}>
              <CardHeader>
                <CardTitle>
                  <h2 className="flex flex-wrap items-center gap-2">
                    <CalendarClockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                    Scheduled for {when(card.effective_from)}
                  </h2>
                </CardTitle>
                <CardDescription>
                  Takes effect {formatDistanceToNow(new Date(card.effective_from), { addSuffix: true })}.
                </CardDescription>
                {mayManage && Date.parse(card.effective_from) - Date.now() > RATE_CARD_LEAD_MS ? (
                  <CardAction>
                    <Button variant="outline" size="sm" onClick={() => askWithdraw(card)}>
                      <Trash2Icon aria-hidden="true" />
                      Withdraw
                    </Button>
                  </CardAction>
                ) : null}
              </CardHeader>
              <CardContent className="grid gap-3">
                <CardNote card={card} />
                <RateCardMatrix card={card} label={`Rate card from ${when(card.effective_from)}`} />
              </CardContent>
            </Card>
          ))}

          {past.length > 0 ? <HistoryTable cards={past} /> : null}
        </>
      )}
      {dialog}
    </PageShell>
  );
}
