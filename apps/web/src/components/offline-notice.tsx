import { RefreshCwIcon, WifiOffIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The full-screen notice shown while the browser is offline (spec §2, global behaviour). */
export function OfflineNotice() {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-description"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background p-6"
    >
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-16 items-center justify-center rounded-full bg-muted">
          <WifiOffIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        </div>
        <h1 id="offline-title" className="text-2xl font-semibold tracking-tight">
          You are offline
        </h1>
        <div id="offline-description" className="space-y-2 text-muted-foreground">
          <p>Please check your internet connection.</p>
          <p className="text-sm">Make sure your Wi-Fi is turned on, then try to reconnect.</p>
        </div>
        <Button size="lg" className="mt-2" onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden="true" />
          Reload Page
        </Button>
      </div>
    </div>
  );
}
