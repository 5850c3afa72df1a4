import type { Ad, AdContentField, AdRevision } from '@adloop/contract/ads';
import { can } from '@adloop/contract/permissions';
import { formatDistanceToNow } from 'date-fns';
import { CheckIcon, CircleAlertIcon, HourglassIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/utils';

const FIELD_LABELS: Record<AdContentField, string> = {
  title: 'Title',
  type: 'Type',
  media_url: 'Media',
  duration_seconds: 'Duration',
};

const valueText = (field: AdContentField, value: string | number | null) =>
  value === null ? '—' : field === 'duration_seconds' ? `${value} s` : String(value);

/** What a pending edit changes, field by field ("Title: Summer menu → Monsoon menu"), and its variants. */
export function RevisionChanges({ revision, className }: { revision: AdRevision; className?: string }) {
  return (
    <ul className={cn('grid gap-1.5', className)}>
      {revision.changes.map((change) => (
        <li key={change.field} className="min-w-0 break-words">
          <span className="font-medium">{FIELD_LABELS[change.field]}: </span>
          <span className="text-muted-foreground line-through">{valueText(change.field, change.from)}</span>
          {' → '}
          <span>{valueText(change.field, change.to)}</span>
        </li>
      ))}
      {revision.variants > 0 ? (
        <li>
          <span className="font-medium">Variants: </span>
          {revision.variants === 1 ? '1 new or changed variant' : `${revision.variants} new or changed variants`}
        </li>
      ) : null}
    </ul>
  );
}

/**
 * An edit of a live ad awaiting review, or the last one turned down (decision 038): what it
 * changes, and for a global admin the buttons to approve or reject it.
 */
export function AdRevisionCard({
  ad,
  busy,
  onApprove,
  onReject,
}: {
  ad: Ad;
  busy: boolean;
  /** Asks first, like every step that changes what screens show (`useAdCommands().approveEdit`). */
  onApprove: () => void;
  /** Asks for the reason the advertiser will read (`useAdCommands().rejectEdit`). */
  onReject: () => void;
}) {
  const { user } = useAuth();
  const revision = ad.revision;
  if (!revision) return null;
  const pending = revision.status === 'PENDING';
  const mayReview = pending && can(user.role, 'ads', 'approve');

  return (
    <Card className="gap-4" aria-label={pending ? 'Edit awaiting review' : 'Edit not approved'}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {pending ? (
            <HourglassIcon className="size-4 text-amber-600" aria-hidden="true" />
          ) : (
            <CircleAlertIcon className="size-4 text-red-600" aria-hidden="true" />
          )}
          {pending ? 'Edit awaiting review' : 'Edit not approved'}
        </CardTitle>
        <CardDescription>
          {pending
            ? 'Screens keep showing the approved version until an AdLoop admin approves this edit.'
            : 'Screens keep showing the approved version. Change the ad to send a new edit.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!pending && revision.rejection_reason ? (
          <div role="note" className="rounded-md border border-red-500/30 bg-red-500/5 p-3">
            <p className="font-medium">Reason for rejection</p>
            <p className="break-words text-muted-foreground">{revision.rejection_reason}</p>
          </div>
        ) : null}
        {pending ? <RevisionChanges revision={revision} /> : null}
        <p className="text-muted-foreground">
          Sent {formatDistanceToNow(new Date(revision.submitted_at), { addSuffix: true })}
          {revision.submitted_by ? ` by ${revision.submitted_by.name}` : ''}
        </p>
        {mayReview ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={busy} onClick={onApprove}>
              <CheckIcon aria-hidden="true" />
              Approve edit
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onReject}>
              <XIcon aria-hidden="true" />
              Reject edit
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
