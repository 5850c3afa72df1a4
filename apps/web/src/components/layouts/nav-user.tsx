import { ChevronsUpDownIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { userInitials } from '@/components/layouts/user-initials';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth-context';
import { laterModule, useLaterModule } from '@/lib/later-module';
import { paths } from '@/lib/paths';

/** The account menu's code comes after the page has painted (decision 101). */
const menuUi = laterModule(() => import('@/components/ui/dropdown-menu'));

function UserSummary({ name, email }: { name: string; email: string }) {
  return (
    <>
      <Avatar className="size-8 rounded-lg" aria-hidden="true">
        <AvatarFallback className="rounded-lg bg-primary/10 font-medium text-primary">
          {userInitials(name)}
        </AvatarFallback>
      </Avatar>
      <div className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{email}</span>
      </div>
    </>
  );
}

/** The sidebar footer: who is signed in, with their account menu. */
export function NavUser() {
  const { user, logout } = useAuth();
  const { isMobile, setOpenMobile } = useSidebar();
  const ui = useLaterModule(menuUi);
  // A tap before the menu's code has arrived opens it when it does.
  const [openOnArrival, setOpenOnArrival] = useState(false);

  const button = (
    <SidebarMenuButton
      size="lg"
      className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
      onClick={
        ui
          ? undefined
          : () => {
              setOpenOnArrival(true);
              void menuUi.load();
            }
      }
    >
      {/* Named by its content, so the name holds the visible name and email (WCAG 2.5.3). */}
      <span className="sr-only">Account menu for </span>
      <UserSummary name={user.name} email={user.email} />
      <ChevronsUpDownIcon className="ml-auto size-4" aria-hidden="true" />
    </SidebarMenuButton>
  );
  if (!ui) {
    return (
      <SidebarMenu>
        <SidebarMenuItem>{button}</SidebarMenuItem>
      </SidebarMenu>
    );
  }
  const {
    DropdownMenu,
    DropdownMenuContent,
    DropdownMenuItem,
    DropdownMenuLabel,
    DropdownMenuSeparator,
    DropdownMenuTrigger,
  } = ui;

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu defaultOpen={openOnArrival}>
          <DropdownMenuTrigger asChild>{button}</DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
            side={isMobile ? 'bottom' : 'right'}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5 text-left text-sm">
                <UserSummary name={user.name} email={user.email} />
              </div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={paths.settings.getHref()} onClick={() => setOpenMobile(false)}>
                <SettingsIcon />
                Settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={logout}>
              <LogOutIcon />
              Log out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
