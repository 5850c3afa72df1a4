import type { Ad } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { type Variant, type VariantCreate, type VariantUpdate, variantCreateSchema } from '@adloop/contract/variants';
import { Loader2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useCreateAdVariant, useUpdateAdVariant } from '@/features/ads/api/ad-variants';
import { MediaField } from '@/features/ads/components/media-field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';

const FIELDS = ['label', 'type', 'media_url', 'duration_seconds', 'weight', 'link_url'] as const;

/** What the dialog edits: a new variant (`variant` null) or an existing one. */
export type VariantDialogTarget = {
  variant: Variant | null;
  suggestedLabel: string;
  /** The ad has no variants yet: the server makes its own media variant A beside this one (decision 050). */
  startsTest?: boolean;
};

/** Only what changed is sent, so an untouched creative never sends the ad to review. */
function changesOf(variant: Variant, values: VariantCreate): VariantUpdate {
  const changes: VariantUpdate = {};
  if (values.label !== variant.label) changes.label = values.label;
  if (values.type !== variant.type) changes.type = values.type;
  if (values.media_url !== variant.media_url) changes.media_url = values.media_url;
  const duration = values.type === 'IMAGE' ? (values.duration_seconds ?? null) : null;
  if (duration !== variant.duration_seconds) changes.duration_seconds = duration;
  if (values.weight !== variant.weight) changes.weight = values.weight;
  if ((values.link_url ?? null) !== (variant.link?.url ?? null)) changes.link_url = values.link_url ?? null;
  return changes;
}

const reviewNote = (ad: Ad) =>
  ad.status === 'ACTIVE' || ad.status === 'PAUSED'
    ? 'It waits for review; the ad keeps playing as approved until then.'
    : 'It plays once the ad is approved.';

/** Add or edit one variant: label, media (uploaded or by URL), duration, weight and tracked link. */
export function VariantDialog({
  ad,
  target,
  onClose,
}: {
  ad: Ad;
  target: VariantDialogTarget | null;
  onClose: () => void;
}) {
  const create = useCreateAdVariant();
  const update = useUpdateAdVariant();
  const form = useForm({
    resolver: formResolver(variantCreateSchema, { blankAsNull: ['link_url'] }),
    defaultValues: {
      label: '',
      type: 'IMAGE',
      media_url: '',
      duration_seconds: DEFAULT_IMAGE_DURATION_SECONDS,
      weight: 50,
      link_url: '',
    },
  });
  const [type, mediaUrl] = useWatch({ control: form.control, name: ['type', 'media_url'] });
  const variant = target?.variant ?? null;

  useEffect(() => {
    if (!target) return;
    const editing = target.variant;
    form.reset({
      label: editing?.label ?? target.suggestedLabel,
      type: editing?.type ?? 'IMAGE',
      media_url: editing?.media_url ?? '',
      duration_seconds: editing ? editing.duration_seconds : DEFAULT_IMAGE_DURATION_SECONDS,
      weight: editing?.weight ?? 50,
      link_url: editing?.link?.url ?? '',
    });
  }, [target, form]);

  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (values) => {
    const input: VariantCreate = {
      ...values,
      duration_seconds: values.type === 'IMAGE' ? values.duration_seconds : null,
    };
    try {
      if (variant) {
        const changes = changesOf(variant, input);
        if (Object.keys(changes).length === 0) {
          toast.info('Nothing to save');
          onClose();
          return;
        }
        const saved = await update.mutateAsync({ adId: ad.id, variantId: variant.id, changes });
        toast.success(
          `Variant ${saved.label} saved`,
          saved.sent_to_review ? { description: reviewNote(ad) } : undefined,
        );
      } else {
        const saved = await create.mutateAsync({ adId: ad.id, variant: input });
        toast.success(
          `Variant ${saved.label} added`,
          saved.sent_to_review ? { description: reviewNote(ad) } : undefined,
        );
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, 'label');
    }
  });

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{variant ? `Edit variant ${variant.label}` : 'Add a variant'}</DialogTitle>
              <DialogDescription>
                An alternative creative for “{ad.title}”. Screens split the ad's turns between variants by weight.
                {target?.startsTest ? " The ad's own media becomes variant A, the control, and keeps its share." : null}
              </DialogDescription>
            </DialogHeader>
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="label"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Label</FormLabel>
                    <FormControl>
                      <Input placeholder="e.g. B or Green button" autoComplete="off" maxLength={20} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="weight"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Weight</FormLabel>
                    <FormControl>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={100}
                        step={1}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={Number.isNaN(field.value) ? '' : (field.value ?? '')}
                        onChange={(event) => field.onChange(event.target.valueAsNumber)}
                      />
                    </FormControl>
                    <FormDescription>0-100; 0 keeps the variant but stops showing it.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <div className="grid gap-2">
              <span className="text-sm font-medium">Media</span>
              <MediaField
                media_url={mediaUrl}
                type={type}
                disabled={busy}
                error={form.formState.errors.media_url?.message ?? form.formState.errors.type?.message}
                onChange={(media) => {
                  form.setValue('media_url', media.media_url, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  });
                  form.setValue('type', media.type, { shouldDirty: true });
                  if (media.type === 'IMAGE' && form.getValues('duration_seconds') == null) {
                    form.setValue('duration_seconds', DEFAULT_IMAGE_DURATION_SECONDS);
                  }
                }}
              />
            </div>
            {type === 'IMAGE' ? (
              <FormField
                control={form.control}
                name="duration_seconds"
                render={({ field }) => (
                  <FormItem className="max-w-xs">
                    <FormLabel>Duration (seconds)</FormLabel>
                    <FormControl>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={3600}
                        step={1}
                        placeholder={String(DEFAULT_IMAGE_DURATION_SECONDS)}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={field.value ?? ''}
                        onChange={(event) =>
                          field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)
                        }
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
            <FormField
              control={form.control}
              name="link_url"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Tracked link (optional)</FormLabel>
                  <FormControl>
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://example.com/offer"
                      {...field}
                      value={field.value ?? ''}
                    />
                  </FormControl>
                  <FormDescription>
                    Screens show a QR code for this variant; each scan is counted, then opens this page.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
                {variant ? 'Save variant' : 'Add variant'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
