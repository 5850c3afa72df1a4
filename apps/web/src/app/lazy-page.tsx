import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { FullScreenLoader } from '@/components/full-screen-loader';

let pageCount = 0;

/**
 * A page whose code loads on demand (spec §2). React Router navigates inside a transition, in
 * which React keeps showing an already visible Suspense boundary's old content; a key of its own
 * makes each page's boundary new, so the Loading... overlay shows while its code arrives.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactElement = <FullScreenLoader />,
): ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  pageCount += 1;
  return (
    <Suspense key={`lazy-page-${pageCount}`} fallback={fallback}>
      <Page />
    </Suspense>
  );
}
