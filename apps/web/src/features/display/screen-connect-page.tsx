import { ScreenPlayerPlaceholder } from '@/features/display/screen-player-placeholder';

export function ScreenConnectPage() {
  return <ScreenPlayerPlaceholder heading="Connect a screen" />;
}
