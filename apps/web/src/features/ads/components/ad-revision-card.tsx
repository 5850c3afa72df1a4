import { type Ad, type AdContentField, adRejectSchema } from '@adloop/contract/ads';
import { can } from '@adloop/contract/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDistanceToNow } from 'date-fns';
import { CheckIcon, CircleAlertIcon, HourglassIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { useAnswerRevision } from '@/features/ads/api/ad-actions';
import { useAuth } from '@/lib/auth-context';
import { applyServerErrors } from '@/lib/form-errors';

const FIELD_LABELS: Record<AdContentField, string> = {
  title: 'Title',
  type: 'Type',
  media_url: 'Media',
  duration_seconds: 'Duration',
};

const valueText = (field: AdContentField, value: string | number | null) =>
  value === null ? '—' : field === 'duration_seconds' ? `${value} s` : String(value);

/** The reason a reviewer gives when turning an edit down; the advertiser sees it on this card. */
function RejectEditForm({ ad, onDone }: { ad: Ad; onDone: () => void }) {
  const answer = useAnswerRevision();
  const form = useForm({ resolver: zodResolver(adRejectSchema), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await answer.mutateAsync({ id: ad.id, action: 'reject', reason });
      toast.success('Edit rejected', { description: 'Screens keep showing the approved version.' });
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3">
        <TextareaField
          control={form.control}
          name="reason"
          label="Reason"
          rows={3}
          placeholder="e.g. The new link leads to another shop."
        />
        <div className="flex gap-2">
          <SubmitButton size="sm" variant="destructive" pending={answer.isPending}>
            Reject edit
          </SubmitButton>
          <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={answer.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

/**
 * An edit of a live ad awaiting review, or the last one turned down (decision 038): what it
 * changes, and for a global admin the buttons to approve or reject it.
 */
export function AdRevisionCard({ ad }: { ad: Ad }) {
  const { user } = useAuth();
  const answer = useAnswerRevision();
  const [rejecting, setRejecting] = useState(false);
  const revision = ad.revision;
  if (!revision) return null;
  const pending = revision.status === 'PENDING';
  const mayReview = pending && can(user.role, 'ads', 'approve');

  // A failure reaches the user through the HTTP client's error toast.
  const approve = () =>
    answer.mutate(
      { id: ad.id, action: 'approve' },
      {
        onSuccess: () =>
          toast.success('Edit approved', { description: 'Screens playing the ad switch within seconds.' }),
      },
    );

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
        {pending ? (
          <ul className="grid gap-1.5">
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
        ) : null}
        <p className="text-muted-foreground">
          Sent {formatDistanceToNow(new Date(revision.submitted_at), { addSuffix: true })}
          {revision.submitted_by ? ` by ${revision.submitted_by.name}` : ''}
        </p>
        {mayReview && rejecting ? <RejectEditForm ad={ad} onDone={() => setRejecting(false)} /> : null}
        {mayReview && !rejecting ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={answer.isPending} onClick={approve}>
              <CheckIcon aria-hidden="true" />
              Approve edit
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setRejecting(true)}>
              <XIcon aria-hidden="true" />
              Reject edit
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
