import type { Ad } from '@adloop/contract/ads';
import { mayChangeAd } from '@adloop/contract/house-content';
import { format, formatDistanceToNow } from 'date-fns';
import { CircleAlertIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AdStatusBadge } from '@/features/ads/components/ad-status-badge';
import { AD_ACTIONS, type AdAction, availableAdActions } from '@/features/ads/lib/ad-workflow';
import { useAuth } from '@/lib/auth-context';

/** Approved house content plays where the loop has room (decision 090). */
const HOUSE_ACTIVE_HINT = 'Approved: your screens play it in the rounds of the loop that paid ads leave free.';

const STATUS_HINTS: Record<Ad['status'], string> = {
  DRAFT: 'Only your team sees it. Submit it for review when it is ready.',
  PENDING_REVIEW: 'Waiting for an AdLoop admin to approve it.',
  ACTIVE: 'Approved and playing on screens.',
  PAUSED: 'Approved, but screens do not play it until it is resumed.',
  REJECTED: 'Not approved. Change it and submit it again.',
};

type AdStatusPanelProps = {
  ad: Ad;
  busy: boolean;
  onAction: (action: AdAction) => void;
  onDelete: () => void;
};

/** Where an ad stands in review, why it was rejected, and the next steps the role may take. */
export function AdStatusPanel({ ad, busy, onAction, onDelete }: AdStatusPanelProps) {
  const { user } = useAuth();
  const actions = availableAdActions(user.role, ad);
  const mayDelete = mayChangeAd(user.role, 'delete', ad);
  const updated = new Date(ad.updated_at);

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2">
          Status
          <AdStatusBadge status={ad.status} />
        </CardTitle>
        <CardDescription>
          {ad.status === 'ACTIVE' && ad.house_outlet_id ? HOUSE_ACTIVE_HINT : STATUS_HINTS[ad.status]}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {ad.status === 'REJECTED' && ad.rejection_reason ? (
          <div role="note" className="flex gap-2 rounded-md border border-red-500/30 bg-red-500/5 p-3 text-sm">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium">Reason for rejection</p>
              <p className="break-words text-muted-foreground">{ad.rejection_reason}</p>
            </div>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Version</dt>
            <dd className="font-medium tabular-nums">v{ad.version}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last change</dt>
            <dd className="font-medium" title={format(updated, 'PPpp')}>
              {formatDistanceToNow(updated, { addSuffix: true })}
            </dd>
          </div>
        </dl>
        {actions.length > 0 || mayDelete ? (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => {
              const meta = AD_ACTIONS[action];
              return (
                <Button
                  key={action}
                  type="button"
                  size="sm"
                  variant={action === 'reject' ? 'outline' : action === 'pause' ? 'secondary' : 'default'}
                  disabled={busy}
                  onClick={() => onAction(action)}
                >
                  <meta.icon aria-hidden="true" />
                  {meta.label}
                </Button>
              );
            })}
            {mayDelete ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                disabled={busy}
                onClick={onDelete}
              >
                <Trash2Icon aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
