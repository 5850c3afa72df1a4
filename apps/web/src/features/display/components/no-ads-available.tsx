import { ArrowLeftIcon, ImageOffIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DisplayMessage } from '@/features/display/components/display-shell';

/** The screen is signed in but has nothing to play (spec §2); Return Back logs out. */
export function NoAdsAvailable({ onReturn }: { onReturn: () => void }) {
  return (
    <DisplayMessage
      icon={<ImageOffIcon className="size-8 text-white/80" aria-hidden="true" />}
      title="No Ads Available"
      action={
        <Button size="lg" variant="secondary" onClick={onReturn}>
          <ArrowLeftIcon aria-hidden="true" />
          Return Back
        </Button>
      }
    >
      <p>There are currently no active ads to display for this screen.</p>
    </DisplayMessage>
  );
}
