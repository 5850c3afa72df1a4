import type { Ad } from '@adloop/contract/ads';
import { adRejectSchema } from '@adloop/contract/ads';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useTransitionAd } from '@/features/ads/api/ad-actions';
import { AD_ACTIONS } from '@/features/ads/lib/ad-workflow';
import { applyServerErrors } from '@/lib/form-errors';

/** Rejecting asks why: the advertiser sees the reason beside the ad and can fix and resubmit it. */
export function RejectAdDialog({
  ad,
  onClose,
}: {
  ad: Pick<Ad, 'id' | 'title' | 'status'> | null;
  onClose: () => void;
}) {
  const transition = useTransitionAd();
  const form = useForm({ resolver: zodResolver(adRejectSchema), defaultValues: { reason: '' } });

  useEffect(() => {
    if (ad) form.reset({ reason: '' });
  }, [ad, form]);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!ad) return;
    try {
      await transition.mutateAsync({ id: ad.id, action: 'reject', reason });
      toast.success(AD_ACTIONS.reject.done);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
    }
  });

  return (
    <Dialog open={ad !== null} onOpenChange={(open) => !open && !transition.isPending && onClose()}>
      <DialogContent>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Reject “{ad?.title}”</DialogTitle>
              <DialogDescription>
                {ad?.status === 'ACTIVE' || ad?.status === 'PAUSED' ? 'Screens stop playing it within seconds. ' : ''}
                The advertiser sees your reason next to the ad and can change it and submit it again.
              </DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason</FormLabel>
                  <FormControl>
                    <Textarea
                      rows={4}
                      placeholder="e.g. The price in the image is unreadable on a screen."
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={transition.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={transition.isPending}>
                {transition.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                Reject ad
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
