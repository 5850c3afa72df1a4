import type { LucideIcon } from 'lucide-react';
import type { Access } from '@/lib/access';
import {
  DASHBOARD_PAGES,
  type DashboardPageName,
  NAV_GROUPS,
  type NavBadge,
  type NavPageName,
} from '@/lib/dashboard-pages';

export type NavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  access: Access;
  badge?: NavBadge;
};

export type NavGroup = {
  label: string;
  items: NavItem[];
  /** Kept in the sidebar's footer, in view however many pages the role has above it. */
  pinned?: boolean;
};

const isNavPage = (name: DashboardPageName): name is NavPageName => DASHBOARD_PAGES[name].nav !== undefined;

/** The sidebar: the registry's pages by group, in the registry's order, each with its icon. */
export const DASHBOARD_NAV: NavGroup[] = NAV_GROUPS.map((group) => ({
  ...group,
  items: (Object.keys(DASHBOARD_PAGES) as DashboardPageName[])
    .filter(isNavPage)
    .filter((name) => DASHBOARD_PAGES[name].nav.group === group.label)
    .map((name) => {
      const { title, path, access, nav } = DASHBOARD_PAGES[name];
      return { title, url: path, icon: nav.icon, access, badge: nav.badge };
    }),
}));
