import { ROLE_LABELS } from '@adloop/contract/roles';
import { Link, useLocation } from 'react-router';
import { DASHBOARD_NAV, type NavGroup, type NavItem } from '@/components/layouts/dashboard-nav';
import { NavBadgeCount } from '@/components/layouts/nav-badge';
import { NavUser } from '@/components/layouts/nav-user';
import { LogoMark } from '@/components/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

function matches(item: NavItem, pathname: string) {
  // The home entry would otherwise be active on every dashboard page.
  if (item.url === paths.dashboard.path) return pathname === item.url || pathname === `${item.url}/`;
  return pathname === item.url || pathname.startsWith(`${item.url}/`);
}

/** The entry of the page shown: the longest that matches, so the review queue, under the ads' path, is not also "Ads". */
function activeUrl(items: NavItem[], pathname: string) {
  return items
    .filter((item) => matches(item, pathname))
    .reduce<string | undefined>((best, item) => (best && best.length >= item.url.length ? best : item.url), undefined);
}

function NavLinks({
  group,
  active,
  onNavigate,
}: {
  group: NavGroup;
  active: string | undefined;
  onNavigate: () => void;
}) {
  return (
    <SidebarMenu>
      {group.items.map((item) => {
        const isActive = item.url === active;
        return (
          <SidebarMenuItem key={item.url}>
            <SidebarMenuButton asChild isActive={isActive} tooltip={item.title}>
              <Link to={item.url} aria-current={isActive ? 'page' : undefined} onClick={onNavigate}>
                <item.icon />
                <span>{item.title}</span>
                {item.badge ? <NavBadgeCount badge={item.badge} /> : null}
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

export function AppSidebar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const closeMobileSheet = () => setOpenMobile(false);

  const groups = DASHBOARD_NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) => item.access(user.role)),
  })).filter((group) => group.items.length > 0);
  const active = activeUrl(
    groups.flatMap((group) => group.items),
    pathname,
  );

  return (
    <Sidebar collapsible="icon">
      {/* One landmark for the whole sidebar, so a screen reader can jump to it or past it. */}
      <nav aria-label="Dashboard" className="flex min-h-0 flex-1 flex-col">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton size="lg" asChild tooltip="AdLoop">
                <Link to={paths.dashboard.getHref()} onClick={closeMobileSheet}>
                  {/* Wrapped so the menu button's icon sizing leaves the mark at full size, also when collapsed. */}
                  <span className="flex size-8 shrink-0">
                    <LogoMark />
                  </span>
                  <div className="grid flex-1 text-left text-sm leading-tight">
                    <span className="truncate font-semibold">AdLoop</span>
                    <span className="truncate text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</span>
                  </div>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarHeader>
        <SidebarContent>
          {groups
            .filter((group) => !group.pinned)
            .map((group) => (
              <SidebarGroup key={group.label}>
                <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
                <NavLinks group={group} active={active} onNavigate={closeMobileSheet} />
              </SidebarGroup>
            ))}
        </SidebarContent>
        {/* A rule above the pinned links, so the list that scrolls under them ends cleanly. */}
        <SidebarFooter className="border-t border-sidebar-border">
          {groups
            .filter((group) => group.pinned)
            .map((group) => (
              <NavLinks key={group.label} group={group} active={active} onNavigate={closeMobileSheet} />
            ))}
          <NavUser />
        </SidebarFooter>
      </nav>
    </Sidebar>
  );
}
