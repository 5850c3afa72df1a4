import type { Campaign, LineItem } from '@adloop/contract/campaigns';
import { format } from 'date-fns';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CampaignStatusBadge } from '@/features/campaigns/components/campaign-status-badge';
import { flightDays, PACING_LABELS } from '@/features/campaigns/lib/booking-form';
import { formatFlight, formatGoalQuantity } from '@/features/campaigns/lib/delivery';
import { formatMoney } from '@/lib/money';

const STATUS_NOTES: Record<Campaign['status'], string> = {
  DRAFT: 'A draft: nothing is reserved yet. Hold or book it to reserve its screen-hours.',
  HELD: 'Held: its screen-hours are reserved, not yet its budget. It turns back into a draft if not booked in time.',
  BOOKED: 'Booked: its screen-hours and budget are reserved. It starts delivering on the first day of its flight.',
  ACTIVE: 'Delivering: screens are playing it now.',
  COMPLETED: 'Completed: its flights are over.',
  CANCELLED: 'Cancelled: its reservations were released.',
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function dayparts(item: LineItem): string {
  const { days_of_week: days, start_time: start, end_time: end } = item.targeting.schedule;
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const which = days.length === 0 || days.length === 7 ? 'Every day' : days.map((day) => names[day]).join(', ');
  return `${which}, ${start && end ? `${start}–${end}` : 'all day'} (local time)`;
}

function targetingOf(item: LineItem): string {
  const { tags, outlet_ids: outlets, cities, pincodes } = item.targeting;
  const parts = [
    tags.length > 0 ? `tags ${tags.join(', ')}` : null,
    outlets.length > 0 ? `${outlets.length} outlet${outlets.length === 1 ? '' : 's'}` : null,
    cities.length > 0 ? cities.join(', ') : null,
    pincodes.length > 0 ? `pincodes ${pincodes.join(', ')}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Every screen';
}

function LineItemDetails({ item }: { item: LineItem }) {
  const days = flightDays(item.starts_on, item.ends_on);
  return (
    <div className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">{item.name}</h3>
        <span className="text-xs text-muted-foreground">
          {item.guaranteed ? 'Guaranteed' : 'Not guaranteed (remnant)'}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Detail label="Flight (local dates)">
          {formatFlight(item.starts_on, item.ends_on)}
          <span className="block text-xs font-normal text-muted-foreground">
            {days} {days === 1 ? 'day' : 'days'}
          </span>
        </Detail>
        <Detail label="Goal">{formatGoalQuantity(item.goal_kind, item.goal_quantity)}</Detail>
        <Detail label="Pacing">{PACING_LABELS[item.pacing]}</Detail>
        <Detail label="Spot length">{item.spot_seconds} s</Detail>
        <Detail label="Daily cap">
          {item.daily_cap === null ? 'None' : `${item.daily_cap.toLocaleString('en-IN')} plays/day`}
        </Detail>
        <Detail label="Per screen-hour">
          {item.max_plays_per_screen_hour === null ? 'No limit' : `${item.max_plays_per_screen_hour} plays at most`}
        </Detail>
        <Detail label="Booked price">
          {item.quoted_price_minor === null ? 'Not booked yet' : formatMoney(item.quoted_price_minor, 'INR')}
        </Detail>
        <Detail label="Creatives">
          {item.ad_ids.length} {item.ad_ids.length === 1 ? 'ad' : 'ads'}
        </Detail>
      </dl>
      <p className="text-xs text-muted-foreground">
        Where: {targetingOf(item)}. When: {dayparts(item)}.
      </p>
    </div>
  );
}

/** The campaign at a glance: status, advertiser, budget cap and each flight with its goal and pacing. */
export function CampaignOverview({ campaign, lineItems }: { campaign: Campaign; lineItems: LineItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
          <h2>{campaign.name}</h2>
          <CampaignStatusBadge status={campaign.status} />
        </CardTitle>
        <CardDescription>{STATUS_NOTES[campaign.status]}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Detail label="Advertiser">{campaign.company.name}</Detail>
          <Detail label="Budget cap">
            {campaign.budget_cap_minor === null ? 'No cap' : formatMoney(campaign.budget_cap_minor, 'INR')}
          </Detail>
          {campaign.status === 'HELD' && campaign.hold_expires_at ? (
            <Detail label="Held until (your time)">
              {format(new Date(campaign.hold_expires_at), 'd MMM yyyy, HH:mm')}
            </Detail>
          ) : null}
          <Detail label="Created">{format(new Date(campaign.created_at), 'd MMM yyyy')}</Detail>
        </dl>
        {lineItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No flight yet: edit the draft to add its dates, goal and targeting.
          </p>
        ) : (
          lineItems.map((item) => <LineItemDetails key={item.id} item={item} />)
        )}
      </CardContent>
    </Card>
  );
}
