import { HomeIcon, MonitorXIcon } from 'lucide-react';
import { PlayerButton } from '@/features/display/components/player-button';
import { goTo } from '@/features/display/lib/screen-location';

/** The display was opened without a screen ID, or for another screen than the one signed in (spec §2). */
export function ScreenIdNotFound() {
  return (
    <div className="flex size-full items-center justify-center p-6">
      <section
        aria-labelledby="screen-not-found-title"
        className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-zinc-900 p-8 text-center ring-1 ring-white/10"
      >
        <div className="flex size-14 items-center justify-center rounded-full bg-red-500/10 ring-1 ring-red-400/30">
          <MonitorXIcon className="size-7 text-red-300" aria-hidden="true" />
        </div>
        <div className="space-y-2">
          <h1 id="screen-not-found-title" className="text-2xl font-semibold tracking-tight">
            Screen ID Not Found
          </h1>
          <p className="text-white/70">The screen ID was not provided or the ads exited unexpectedly.</p>
          <p className="text-sm text-white/55">
            Please check the screen code, then restart the screen or refresh this page.
          </p>
        </div>
        <PlayerButton look="secondary" onClick={() => goTo('/')}>
          <HomeIcon aria-hidden="true" />
          Go to Home
        </PlayerButton>
      </section>
    </div>
  );
}
