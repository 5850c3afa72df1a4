import { ArrowLeftIcon, ImageOffIcon } from 'lucide-react';
import { DisplayMessage } from '@/features/display/components/display-shell';
import { PlayerButton } from '@/features/display/components/player-button';

/** The screen is signed in but has nothing to play (spec §2); Return Back logs out. */
export function NoAdsAvailable({ onReturn }: { onReturn: () => void }) {
  return (
    <DisplayMessage
      icon={<ImageOffIcon className="size-8 text-white/80" aria-hidden="true" />}
      title="No Ads Available"
      action={
        <PlayerButton look="secondary" onClick={onReturn}>
          <ArrowLeftIcon aria-hidden="true" />
          Return Back
        </PlayerButton>
      }
    >
      <p>There are currently no active ads to display for this screen.</p>
    </DisplayMessage>
  );
}
