import { clsx } from 'clsx';
import { LogOutIcon, MaximizeIcon, MinimizeIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { OverlayButton } from '@/features/display/components/overlay-button';

type TakeoverControlsProps = {
  hidden: boolean;
  /** Absent for a message, which has no sound. */
  mute?: { muted: boolean; toggle: () => void };
  onExit: () => void;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
};

/**
 * The player's overlay during a takeover: Mute, Exit and Fullscreen where the loop has them
 * (spec §2), no Skip (an emergency notice is not skipped at the screen). Hidden while idle.
 */
export function TakeoverControls({ hidden, mute, onExit, fullscreen }: TakeoverControlsProps) {
  const layer = clsx(
    'absolute right-4 z-20 flex gap-2 transition-[opacity,visibility] duration-300 min-[720px]:right-6',
    hidden ? 'invisible opacity-0' : 'visible opacity-100',
  );
  return (
    <>
      <div className={clsx(layer, 'top-4 min-[720px]:top-6')} data-state={hidden ? 'hidden' : 'visible'}>
        {mute ? (
          <OverlayButton onClick={mute.toggle}>
            {mute.muted ? <VolumeXIcon aria-hidden="true" /> : <Volume2Icon aria-hidden="true" />}
            {mute.muted ? 'Unmute' : 'Mute'}
          </OverlayButton>
        ) : null}
        <OverlayButton onClick={onExit}>
          <LogOutIcon aria-hidden="true" />
          Exit
        </OverlayButton>
      </div>
      {fullscreen.supported ? (
        <div className={clsx(layer, 'bottom-4 min-[720px]:bottom-6')} data-state={hidden ? 'hidden' : 'visible'}>
          <OverlayButton onClick={fullscreen.toggle}>
            {fullscreen.active ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
            {fullscreen.active ? 'Exit Fullscreen' : 'Fullscreen'}
          </OverlayButton>
        </div>
      ) : null}
    </>
  );
}
