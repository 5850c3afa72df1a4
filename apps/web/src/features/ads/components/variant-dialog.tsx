import type { Ad } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { type Variant, type VariantCreate, type VariantUpdate, variantCreateSchema } from '@adloop/contract/variants';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog, FormDialogFooter } from '@/components/form/form-dialog';
import { NumberField } from '@/components/form/number-field';
import { TextField } from '@/components/form/text-field';
import { Form } from '@/components/ui/form';
import { useCreateAdVariant, useUpdateAdVariant } from '@/features/ads/api/ad-variants';
import { MediaFormField } from '@/features/ads/components/media-form-field';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { toast } from '@/lib/toast';

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
  const type = useWatch({ control: form.control, name: 'type' });
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
    <FormDialog
      open={target !== null}
      onClose={onClose}
      busy={busy}
      className="max-h-[calc(100dvh-2rem)] gap-5 overflow-y-auto sm:max-w-xl"
      title={variant ? `Edit variant ${variant.label}` : 'Add a variant'}
      description={
        <>
          An alternative creative for “{ad.title}”. Screens split the ad's turns between variants by weight.
          {target?.startsTest ? " The ad's own media becomes variant A, the control, and keeps its share." : null}
        </>
      }
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="label"
              label="Label"
              placeholder="e.g. B or Green button"
              autoComplete="off"
              maxLength={20}
            />
            <NumberField
              control={form.control}
              name="weight"
              label="Weight"
              description="0-100; 0 keeps the variant but stops showing it."
              min={0}
              max={100}
              blank={Number.NaN}
            />
          </div>
          <MediaFormField disabled={busy} />
          {type === 'IMAGE' ? (
            <NumberField
              control={form.control}
              name="duration_seconds"
              label="Duration (seconds)"
              className="max-w-xs"
              min={1}
              max={3600}
              placeholder={String(DEFAULT_IMAGE_DURATION_SECONDS)}
              blank={null}
            />
          ) : null}
          <TextField
            control={form.control}
            name="link_url"
            label="Tracked link (optional)"
            description="Screens show a QR code for this variant; each scan is counted, then opens this page."
            type="url"
            inputMode="url"
            placeholder="https://example.com/offer"
          />
          <FormDialogFooter
            onCancel={onClose}
            submitLabel={variant ? 'Save variant' : 'Add variant'}
            pending={busy}
            holdWhilePending
          />
        </form>
      </Form>
    </FormDialog>
  );
}
