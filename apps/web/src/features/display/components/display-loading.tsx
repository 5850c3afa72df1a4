import { Loader2Icon } from 'lucide-react';
import { DisplayMessage } from '@/features/display/components/display-shell';

/** While the screen token or the ads load (spec §2). */
export function DisplayLoading({ screenId }: { screenId: string }) {
  return (
    <DisplayMessage
      icon={<Loader2Icon className="size-8 animate-spin text-white/80" aria-hidden="true" />}
      title={`Loading content for screen ${screenId}`}
    >
      <p>Please wait while we fetch your content</p>
    </DisplayMessage>
  );
}
