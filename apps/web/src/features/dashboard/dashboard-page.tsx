import { ROLE_LABELS } from '@adloop/contract/roles';
import { ArrowRightIcon, PlayCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { DASHBOARD_NAV } from '@/components/layouts/dashboard-nav';
import { PageShell } from '@/components/layouts/page-shell';
import { userInitials } from '@/components/layouts/user-initials';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-context';

export function DashboardPage() {
  const { user } = useAuth();
  const shortcuts = DASHBOARD_NAV.flatMap((group) => group.items).filter(
    (item) => item.url !== '/dashboard' && item.access(user.role),
  );

  return (
    <PageShell description="An overview of your AdLoop workspace.">
      <Card>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar size="lg" className="size-12">
            <AvatarFallback className="bg-primary/10 text-base font-semibold text-primary">
              {userInitials(user.name)}
            </AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-lg font-semibold">Welcome back, {user.name}</h2>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
          <Badge variant="secondary" className="self-start sm:self-center">
            {ROLE_LABELS[user.role]}
          </Badge>
        </CardContent>
      </Card>

      <section aria-labelledby="shortcuts-heading" className="space-y-3">
        <h2 id="shortcuts-heading" className="text-sm font-medium text-muted-foreground">
          Your workspace
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shortcuts.map((item) => (
            <Link
              key={item.url}
              to={item.url}
              className="group flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <item.icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 font-medium">
                  {item.title}
                  <ArrowRightIcon
                    className="size-3.5 opacity-0 transition-opacity group-hover:opacity-100"
                    aria-hidden="true"
                  />
                </span>
                <span className="block text-sm text-muted-foreground">{item.description}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>

      <EmptyState
        icon={PlayCircleIcon}
        title="Nothing here yet"
        description="Today's plays, screens online and top ads will appear here once your screens start reporting."
      />
    </PageShell>
  );
}
