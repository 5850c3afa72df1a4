import { Loader2Icon } from 'lucide-react';

/** Shown over the stage while the ad on turn waits for data (spec §2). */
export function BufferingSpinner() {
  return (
    <div
      role="status"
      aria-label="Buffering"
      className="pointer-events-none absolute inset-0 z-10 grid place-items-center"
    >
      <span className="rounded-full bg-black/50 p-3 backdrop-blur-sm">
        <Loader2Icon className="size-10 animate-spin text-white/90" aria-hidden="true" />
      </span>
    </div>
  );
}
