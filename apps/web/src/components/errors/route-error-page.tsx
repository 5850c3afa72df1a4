import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

// Browsers word a failed dynamic import differently; all of these mean the page's code did not arrive.
const LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/** Shown when rendering a route throws, including a page whose code failed to load (spec §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
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
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden="true" />
          Reload Page
        </Button>
      </div>
    </main>
  );
}
