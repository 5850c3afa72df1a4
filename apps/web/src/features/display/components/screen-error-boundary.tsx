import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { PlayerButton } from '@/features/display/components/player-button';

// Browsers word a failed dynamic import differently; all of these mean the page's code did not arrive.
const LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/**
 * What the web app's route error page shows (spec §8), for the player's own document, which has
 * no router to catch a page that throws or whose code failed to load.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const failedToLoad = error instanceof Error && LOAD_FAILURE.test(error.message);
    return (
      <main className="flex min-h-svh items-center justify-center p-6">
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
          <div className="flex size-16 items-center justify-center rounded-full bg-destructive/10">
            <TriangleAlertIcon className="size-8 text-destructive" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">
            {failedToLoad ? 'This page could not be loaded' : 'Something went wrong'}
          </h1>
          <p className="text-muted-foreground">
            {failedToLoad
              ? 'A new version of AdLoop may have been released, or the connection dropped while loading. Reloading usually fixes it.'
              : 'An unexpected error stopped this page. Reload to try again.'}
          </p>
          <PlayerButton look="primary" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Reload Page
          </PlayerButton>
        </div>
      </main>
    );
  }
}
