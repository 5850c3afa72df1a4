import { MonitorPlayIcon } from 'lucide-react';

/** Stands in for the screen player until it is built; kept free of dashboard code. */
export function ScreenPlayerPlaceholder({ heading }: { heading: string }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-black p-6 text-white">
      <div className="flex max-w-md flex-col items-center gap-4 rounded-2xl border border-white/10 bg-white/5 p-8 text-center">
        <MonitorPlayIcon className="size-10 text-white/70" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{heading}</h1>
        <p className="text-sm text-white/70">
          The screen player is being set up. Soon a screen will sign in here with its screen code and passcode and loop
          its ads full-screen.
        </p>
        <a href="/" className="text-sm text-white/80 underline underline-offset-4 hover:text-white">
          Back to the AdLoop home page
        </a>
      </div>
    </main>
  );
}
