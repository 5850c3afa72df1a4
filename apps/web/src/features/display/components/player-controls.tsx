import { clsx } from 'clsx';
import { LogOutIcon, MaximizeIcon, MinimizeIcon, SkipForwardIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { OverlayButton } from '@/features/display/components/overlay-button';

type PlayerControlsProps = {
  hidden: boolean;
  muted: boolean;
  onToggleMute: () => void;
  onExit: () => void;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
  onSkip: () => void;
};

/**
 * The overlay of spec §2: Mute/Unmute and Exit top right, Fullscreen/Exit Fullscreen and Skip
 * bottom right. Hidden while the viewer is idle; `invisible` (not only transparent) so a
 * customer touching the screen cannot press a control they cannot see.
 */
export function PlayerControls({ hidden, muted, onToggleMute, onExit, fullscreen, onSkip }: PlayerControlsProps) {
  const layer = clsx(
    'absolute right-4 z-20 flex gap-2 transition-[opacity,visibility] duration-300 min-[720px]:right-6',
    hidden ? 'invisible opacity-0' : 'visible opacity-100',
  );
  return (
    <>
      <div
        aria-hidden="true"
        className={clsx(
          'pointer-events-none absolute inset-0 z-10 bg-[linear-gradient(to_bottom,rgb(0_0_0/0.55),transparent_22%,transparent_70%,rgb(0_0_0/0.65))] transition-opacity duration-300',
          hidden ? 'opacity-0' : 'opacity-100',
        )}
      />
      <div className={clsx(layer, 'top-4 min-[720px]:top-6')} data-state={hidden ? 'hidden' : 'visible'}>
        <OverlayButton onClick={onToggleMute}>
          {muted ? <VolumeXIcon aria-hidden="true" /> : <Volume2Icon aria-hidden="true" />}
          {muted ? 'Unmute' : 'Mute'}
        </OverlayButton>
        <OverlayButton onClick={onExit}>
          <LogOutIcon aria-hidden="true" />
          Exit
        </OverlayButton>
      </div>
      <div className={clsx(layer, 'bottom-4 min-[720px]:bottom-6')} data-state={hidden ? 'hidden' : 'visible'}>
        {fullscreen.supported ? (
          <OverlayButton onClick={fullscreen.toggle}>
            {fullscreen.active ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
            {fullscreen.active ? 'Exit Fullscreen' : 'Fullscreen'}
          </OverlayButton>
        ) : null}
        <OverlayButton onClick={onSkip}>
          <SkipForwardIcon aria-hidden="true" />
          Skip
        </OverlayButton>
      </div>
    </>
  );
}
