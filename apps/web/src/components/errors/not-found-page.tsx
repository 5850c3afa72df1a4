import { ArrowLeftIcon, FileQuestionIcon } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type HistoryState = { idx?: number } | null;
type NavigationWindow = Window & { navigation?: { canGoBack: boolean } };

function canGoBack(): boolean {
  // React Router numbers the entries it made in this document; above 0 there is one of ours behind.
  if (((window.history.state as HistoryState)?.idx ?? 0) > 0) return true;
  // An earlier page of this site loaded as its own document: the Navigation API sees same-origin entries only.
  const { navigation } = window as NavigationWindow;
  return navigation ? navigation.canGoBack : window.history.length > 1;
}

/**
 * The 404 page for any unknown path, at the top level and inside the dashboard (spec §2).
 * `fullPage` centres it in the whole window; inside the dashboard it fills the content area.
 */
export function NotFoundPage({ fullPage = false }: { fullPage?: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  function goBack() {
    if (canGoBack()) navigate(-1);
    else navigate('/', { replace: true });
  }

  // On its own it is the page's main landmark; inside the dashboard it sits in the dashboard's.
  const Root = fullPage ? 'main' : 'div';

  return (
    <Root className={cn('flex flex-1 items-center justify-center p-6', fullPage && 'min-h-svh')}>
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-16 items-center justify-center rounded-full bg-muted">
          <FileQuestionIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        </div>
        <p className="text-sm font-semibold tracking-widest text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="break-all text-muted-foreground">The page "{pathname}" was not found.</p>
        <Button className="mt-2" onClick={goBack}>
          <ArrowLeftIcon aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </Root>
  );
}
