import type { Ad } from '@adloop/contract/ads';
import { adRejectSchema } from '@adloop/contract/ads';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { TextareaField } from '@/components/form/textarea-field';
import { Form } from '@/components/ui/form';
import { useAnswerRevision, useTransitionAd } from '@/features/ads/api/ad-actions';
import { AD_ACTIONS } from '@/features/ads/lib/ad-workflow';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/**
 * Rejecting asks why: the advertiser sees the reason beside the ad and can fix and resubmit it.
 * With `edit`, it turns down the live ad's pending edit (decision 038) and the ad plays on.
 */
export function RejectAdDialog({
  ad,
  onClose,
}: {
  ad: (Pick<Ad, 'id' | 'title' | 'status'> & { edit?: boolean }) | null;
  onClose: () => void;
}) {
  const transition = useTransitionAd();
  const answer = useAnswerRevision();
  const pending = transition.isPending || answer.isPending;
  const form = useForm({ resolver: zodResolver(adRejectSchema), defaultValues: { reason: '' } });

  useEffect(() => {
    if (ad) form.reset({ reason: '' });
  }, [ad, form]);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!ad) return;
    try {
      if (ad.edit) {
        await answer.mutateAsync({ id: ad.id, action: 'reject', reason });
        toast.success('Edit rejected', { description: 'Screens keep showing the approved version.' });
      } else {
        await transition.mutateAsync({ id: ad.id, action: 'reject', reason });
        toast.success(AD_ACTIONS.reject.done);
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
    }
  });

  return (
    <FormDialog
      open={ad !== null}
      onClose={onClose}
      busy={pending}
      title={ad?.edit ? <>Reject the edit of “{ad?.title}”</> : <>Reject “{ad?.title}”</>}
      description={
        ad?.edit ? (
          'Screens keep showing the approved version. The advertiser sees your reason on the ad and can change it again.'
        ) : (
          <>
            {ad?.status === 'ACTIVE' || ad?.status === 'PAUSED' ? 'Screens stop playing it within seconds. ' : ''}
            The advertiser sees your reason next to the ad and can change it and submit it again.
          </>
        )
      }
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextareaField
            control={form.control}
            name="reason"
            label="Reason"
            rows={4}
            placeholder="e.g. The price in the image is unreadable on a screen."
          />
          <FormDialogFooter
            onCancel={onClose}
            submitLabel={ad?.edit ? 'Reject edit' : 'Reject ad'}
            pending={pending}
            destructive
            holdWhilePending
          />
        </form>
      </Form>
    </FormDialog>
  );
}
