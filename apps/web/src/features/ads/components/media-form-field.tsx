import type { AdType } from '@adloop/contract/ads';
import { DEFAULT_IMAGE_DURATION_SECONDS } from '@adloop/contract/constants';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MediaField } from '@/features/ads/components/media-field';

/** The fields of an ad or a variant that this one sets. */
type MediaValues = { type: AdType; media_url: string; duration_seconds?: number | null };

/**
 * The media of the form around it (an ad's or a variant's): uploaded or by URL, with its type.
 * Choosing an image where the duration was cleared brings the default duration back.
 */
export function MediaFormField({ disabled }: { disabled: boolean }) {
  const form = useFormContext<MediaValues>();
  const [type, mediaUrl] = useWatch({ control: form.control, name: ['type', 'media_url'] });
  const { errors } = useFormState({ control: form.control, name: ['media_url', 'type'] });
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Media</span>
      <MediaField
        media_url={mediaUrl}
        type={type}
        disabled={disabled}
        error={errors.media_url?.message ?? errors.type?.message}
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
  );
}
