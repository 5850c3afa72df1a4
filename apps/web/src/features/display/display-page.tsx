import { ScreenPlayerPlaceholder } from '@/features/display/screen-player-placeholder';

export function DisplayPage() {
  return <ScreenPlayerPlaceholder heading="Ad display" />;
}
