import type { CampaignDelivery, LineItemDelivery } from '@adloop/contract/campaign-delivery';
import { format } from 'date-fns';
import { AlertTriangleIcon, BarChart3Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useCampaignDelivery } from '@/features/campaigns/api/get-campaign-delivery';
import { DeliveryChart } from '@/features/campaigns/components/delivery-chart';
import { LineItemSettlement } from '@/features/campaigns/components/line-item-settlement';
import {
  deliveredImpressions,
  formatFlight,
  formatGoalQuantity,
  formatImpressions,
  formatPlays,
  formatShare,
  type PaceTone,
  progressLabel,
} from '@/features/campaigns/lib/delivery';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';

const TONE_STYLES: Record<PaceTone, string> = {
  waiting: 'border-border bg-muted text-muted-foreground',
  behind: 'border-red-500/30 bg-red-500/10 text-red-700 dark:text-red-300',
  'on-pace': 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  ahead: 'border-sky-500/30 bg-sky-500/10 text-sky-700 dark:text-sky-300',
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="grid content-start gap-0.5 rounded-md border bg-muted/30 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/** Where the flight is behind: the days before today that delivered less than they booked. */
function behindDays(item: LineItemDelivery, today: string): string[] {
  return item.days
    .filter((day) => day.date < today && day.delivered_plays < day.booked_plays)
    .map((day) => format(new Date(`${day.date}T00:00:00`), 'EEE d MMM'));
}

function LineItemDeliveryCard({ campaignId, item }: { campaignId: string; item: LineItemDelivery }) {
  const pace = progressLabel(item.progress);
  const goal = formatGoalQuantity(item.goal_kind, item.goal_quantity);
  const behind = behindDays(item, new Date().toISOString().slice(0, 10));
  return (
    <Card className="gap-4" data-testid="line-item-delivery">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h3>{item.name}</h3>
          <Badge variant="outline" className={TONE_STYLES[pace.tone]}>
            {pace.label}
          </Badge>
          {item.at_risk ? (
            <Badge variant="outline" className={TONE_STYLES.behind}>
              <AlertTriangleIcon aria-hidden="true" />
              Goal at risk
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          {formatFlight(item.starts_on, item.ends_on)} (local dates) · goal {goal}. Progress is the share of the goal
          delivered over the share of the booked time passed: 1.00× is exactly on pace.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Delivered {formatShare(item.delivered_share)} of the goal</span>
            <span>{formatShare(item.elapsed_share)} of the booked time passed</span>
          </div>
          <Progress value={Math.min(100, item.delivered_share * 100)} aria-label="Share of the goal delivered" />
        </div>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {item.goal_kind === 'IMPRESSIONS' ? (
            <>
              <Figure
                label="Delivered impressions"
                value={formatGoalQuantity('IMPRESSIONS', item.delivered_quantity)}
                note={`of a goal of ${goal} (estimate)`}
              />
              <Figure
                label="Delivered plays"
                value={formatPlays(item.delivered_plays)}
                note={`of ${formatPlays(item.booked_plays)} booked`}
              />
            </>
          ) : (
            <>
              <Figure
                label="Delivered"
                value={formatPlays(item.delivered_plays)}
                note={`of ${formatPlays(item.booked_plays)} booked`}
              />
              <Figure
                label="Impressions"
                value={formatImpressions(item.delivered_impressions)}
                note={
                  item.delivered_impressions === null
                    ? 'needs an audience estimate for the screens'
                    : 'people who saw the delivered plays (estimate)'
                }
              />
            </>
          )}
          <Figure
            label="Spend"
            value={formatMoney(item.spend_minor, 'INR')}
            note="rate card price of plays delivered"
          />
          <Figure
            label="Forecast to the end"
            value={formatGoalQuantity(item.goal_kind, item.forecast_quantity)}
            note={
              item.shortfall_quantity !== null
                ? item.shortfall_quantity > 0
                  ? `ended ${formatGoalQuantity(item.goal_kind, item.shortfall_quantity)} short`
                  : 'goal met'
                : `at most, against a goal of ${goal}`
            }
          />
        </dl>
        <LineItemSettlement campaignId={campaignId} item={item} />
        <p className="text-xs text-muted-foreground">
          {formatPlays(item.planned_ahead_plays)} are in the screens' plans for the coming hours, played even while a
          screen is offline. The forecast is what is delivered plus the most the remaining booked hours can hold.
        </p>
        {behind.length > 0 ? (
          <p className="flex items-start gap-2 text-sm text-amber-700 dark:text-amber-300">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Behind on {behind.length === 1 ? '' : `${behind.length} days: `}
              {behind.slice(0, 5).join(', ')}
              {behind.length > 5 ? ' and more' : ''}. Later hours make up the difference where screens have room.
            </span>
          </p>
        ) : null}
        <DeliveryChart
          name={item.name}
          days={item.days}
          note={
            item.goal_kind === 'IMPRESSIONS'
              ? 'The chart counts plays; the goal, delivered, forecast and shortfall above are in impressions.'
              : undefined
          }
        />
      </CardContent>
    </Card>
  );
}

function DeliveryTotals({ delivery }: { delivery: CampaignDelivery }) {
  const { totals } = delivery;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="delivery-totals">
      <Figure label="Booked" value={formatPlays(totals.booked_plays)} />
      <Figure label="Delivered" value={formatPlays(totals.delivered_plays)} />
      <Figure label="Impressions" value={formatImpressions(deliveredImpressions(delivery))} />
      <Figure label="Spend" value={formatMoney(totals.spend_minor, 'INR')} />
    </dl>
  );
}

/**
 * What a booked campaign has delivered against what it booked, day by day, read again every 30 s
 * so it grows as screens send their plays.
 */
export function CampaignDeliverySection({ campaignId }: { campaignId: string }) {
  const delivery = useCampaignDelivery(campaignId, true);
  return (
    <section className="grid gap-4" aria-labelledby="delivery-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="space-y-1">
          <h2 id="delivery-heading" className="text-lg font-semibold">
            Delivery
          </h2>
          <p className="text-sm text-muted-foreground">
            Plays counted from proof of play; dates on each screen's local clock; money in rupees (₹).
          </p>
        </div>
        {delivery.data ? (
          <p className={cn('text-xs text-muted-foreground', delivery.isFetching && 'animate-pulse')}>
            As of {format(new Date(delivery.data.as_of), 'd MMM, HH:mm:ss')} (your time) · updates every 30 s
          </p>
        ) : null}
      </div>
      {delivery.isLoading ? (
        <Skeleton className="h-64 w-full rounded-xl" aria-busy="true" />
      ) : delivery.data ? (
        <>
          <DeliveryTotals delivery={delivery.data} />
          {delivery.data.line_items.map((item) => (
            <LineItemDeliveryCard key={item.line_item_id} campaignId={campaignId} item={item} />
          ))}
        </>
      ) : (
        <EmptyState
          icon={BarChart3Icon}
          title="Delivery figures are not available yet"
          description="They appear here once screens start reporting this campaign's plays. This page checks again every 30 seconds."
        />
      )}
    </section>
  );
}
