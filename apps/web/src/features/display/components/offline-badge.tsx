import { WifiOffIcon } from 'lucide-react';
import { useOnlineStatus } from '@/hooks/use-online-status';

/** On the display a lost network only shows this badge: the ads play on from cache (docs/design.md §6). */
export function OfflineBadge() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      className="pointer-events-none absolute top-4 left-4 z-30 flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-medium text-amber-300 ring-1 ring-amber-300/30 backdrop-blur-sm"
    >
      <WifiOffIcon className="size-3.5" aria-hidden="true" />
      Offline
    </div>
  );
}
