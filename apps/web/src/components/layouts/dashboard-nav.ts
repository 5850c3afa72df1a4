import {
  ActivityIcon,
  BarChart3Icon,
  Building2Icon,
  HistoryIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MapPinnedIcon,
  MegaphoneIcon,
  MonitorIcon,
  ReceiptIcon,
  SettingsIcon,
  SirenIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import type { Access } from '@/lib/access';
import { DASHBOARD_PAGES, type DashboardPageName, NAV_GROUPS, type NavPageName } from '@/lib/dashboard-pages';

export type NavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  access: Access;
};

export type NavGroup = {
  label: string;
  items: NavItem[];
  /** Kept in the sidebar's footer, in view however many pages the role has above it. */
  pinned?: boolean;
};

/** Every page the sidebar lists needs an icon: a page given a nav group without one does not compile. */
const NAV_ICONS: Record<NavPageName, LucideIcon> = {
  dashboard: LayoutDashboardIcon,
  analytics: BarChart3Icon,
  ads: MegaphoneIcon,
  screens: MonitorIcon,
  takeovers: SirenIcon,
  playbackLogs: HistoryIcon,
  screenActivity: ActivityIcon,
  adTransactions: ReceiptIcon,
  screenPayouts: WalletIcon,
  rateCard: TagIcon,
  users: UsersIcon,
  companies: Building2Icon,
  outlets: StoreIcon,
  pincodes: MapPinnedIcon,
  settings: SettingsIcon,
};

const isNavPage = (name: DashboardPageName): name is NavPageName => name in NAV_ICONS;

/** The sidebar: the registry's pages by group, in the registry's order. */
export const DASHBOARD_NAV: NavGroup[] = NAV_GROUPS.map((group) => ({
  ...group,
  items: (Object.keys(DASHBOARD_PAGES) as DashboardPageName[])
    .filter(isNavPage)
    .filter((name) => DASHBOARD_PAGES[name].nav === group.label)
    .map((name) => {
      const { title, path, access } = DASHBOARD_PAGES[name];
      return { title, url: path, icon: NAV_ICONS[name], access };
    }),
}));
