import { Loader2Icon } from 'lucide-react';

/**
 * Blocks the page while the session is checked or a page's code loads (spec §2). It fades in
 * after half a second, so when the code is already on its way (the page's document preloads it,
 * decision 046) the page appears without a loader flashing up first.
 */
export function FullScreenLoader() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex animate-in fade-in fill-mode-backwards delay-500 duration-200 flex-col items-center justify-center gap-3 bg-background/80 backdrop-blur-sm"
    >
      <Loader2Icon className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm font-medium text-muted-foreground">Loading...</p>
    </div>
  );
}
