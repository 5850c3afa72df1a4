import type { ComponentProps } from 'react';
import { PlayerButton } from '@/features/display/components/player-button';

/** A control on top of a playing ad: readable over any picture, large enough for a finger. */
export function OverlayButton(props: Omit<ComponentProps<typeof PlayerButton>, 'look'>) {
  return <PlayerButton look="overlay" {...props} />;
}
