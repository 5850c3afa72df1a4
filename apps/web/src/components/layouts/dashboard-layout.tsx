import { ShieldOffIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { AlertsBell } from '@/components/alerts-bell/alerts-bell';
import { EmptyState } from '@/components/empty-state';
import { AppSidebar } from '@/components/layouts/app-sidebar';
import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { useRouteHandle } from '@/lib/route-handle';
import { useThemeClass } from '@/lib/theme';

function NoAccess() {
  return (
    <div className="mx-auto w-full max-w-6xl p-4 min-[720px]:p-6 lg:p-8">
      <EmptyState
        headingLevel={1}
        icon={ShieldOffIcon}
        title="You don't have access to this page"
        description="Your role does not include this part of the dashboard. Ask your administrator if you need it."
      >
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>Back to Dashboard</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

const CONTENT_ID = 'main-content';

/** The signed-in frame: sidebar, a top bar with the page's title, and the page, in the user's light or dark theme. */
export function DashboardLayout() {
  useThemeClass();
  const { user } = useAuth();
  const title = useRouteHandle('title') ?? 'Dashboard';
  const access = useRouteHandle('access');
  const mayView = access === undefined || access(user.role);

  useEffect(() => {
    document.title = `${title} · AdLoop`;
  }, [title]);

  return (
    <SidebarProvider>
      <SkipLink targetId={CONTENT_ID} />
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <SidebarTrigger className="-ml-1" aria-label="Toggle Sidebar" />
          <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
          <span className="truncate text-sm font-medium">{title}</span>
          <div className="ml-auto">
            <AlertsBell />
          </div>
        </header>
        <div id={CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {mayView ? <Outlet /> : <NoAccess />}
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
