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
import { type Access, allowed, everyone, mayManageUsers } from '@/lib/access';

export type NavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** One line on what the page holds, used by the dashboard home's shortcuts. */
  description: string;
  access: Access;
};

export type NavGroup = {
  label: string;
  items: NavItem[];
  /** Kept in the sidebar's footer, in view however many pages the role has above it. */
  pinned?: boolean;
};

export const DASHBOARD_NAV: NavGroup[] = [
  {
    label: 'Overview',
    items: [
      {
        title: 'Dashboard',
        url: '/dashboard',
        icon: LayoutDashboardIcon,
        description: 'Your starting point.',
        access: everyone,
      },
      {
        title: 'Analytics',
        url: '/dashboard/analytics',
        icon: BarChart3Icon,
        description: 'Plays over time by ad, screen and outlet.',
        access: allowed('analytics'),
      },
    ],
  },
  {
    label: 'Content',
    items: [
      {
        title: 'Ads',
        url: '/dashboard/ads',
        icon: MegaphoneIcon,
        description: 'Image and video ads and where they play.',
        access: allowed('ads'),
      },
      {
        title: 'Screens',
        url: '/dashboard/screens',
        icon: MonitorIcon,
        description: 'Display screens in your outlets and their codes.',
        access: allowed('screens'),
      },
      {
        title: 'Emergency takeover',
        url: '/dashboard/takeovers',
        icon: SirenIcon,
        description: 'Put an urgent message or ad on chosen screens at once.',
        access: allowed('takeovers'),
      },
    ],
  },
  {
    label: 'Reports',
    items: [
      {
        title: 'Playback logs',
        url: '/dashboard/playback-logs',
        icon: HistoryIcon,
        description: 'Every play of every ad, as screens report it.',
        access: allowed('playbackLogs'),
      },
      {
        title: 'Screen activity',
        url: '/dashboard/screen-activity',
        icon: ActivityIcon,
        description: 'When screens came online and went offline.',
        access: allowed('screenActivity'),
      },
    ],
  },
  {
    label: 'Billing',
    items: [
      {
        title: 'Ad transactions',
        url: '/dashboard/billing/transactions',
        icon: ReceiptIcon,
        description: 'What advertisers paid for their plays.',
        access: allowed('adTransactions'),
      },
      {
        title: 'Screen payouts',
        url: '/dashboard/billing/payouts',
        icon: WalletIcon,
        description: 'What outlets earned from their screens.',
        access: allowed('screenPayouts'),
      },
      {
        title: 'Rate card',
        url: '/dashboard/rate-card',
        icon: TagIcon,
        description: 'Price per play by outlet tier, with peak-hour multipliers.',
        access: allowed('rateCards'),
      },
    ],
  },
  {
    label: 'Onboarding',
    items: [
      {
        title: 'Users',
        url: '/dashboard/onboarding/users',
        icon: UsersIcon,
        description: 'Staff accounts and their roles.',
        access: mayManageUsers,
      },
      {
        title: 'Companies',
        url: '/dashboard/onboarding/company',
        icon: Building2Icon,
        description: 'Advertiser companies and their people.',
        access: allowed('companies'),
      },
      {
        title: 'Outlets',
        url: '/dashboard/onboarding/outlet',
        icon: StoreIcon,
        description: 'Venues that run screens.',
        access: allowed('outlets'),
      },
      {
        title: 'Pincodes',
        url: '/dashboard/onboarding/pincodes',
        icon: MapPinnedIcon,
        description: 'Postal codes outlets are in, with their city and state.',
        access: allowed('pincodes'),
      },
    ],
  },
  {
    label: 'Account',
    pinned: true,
    items: [
      {
        title: 'Settings',
        url: '/dashboard/settings',
        icon: SettingsIcon,
        description: 'Your profile.',
        access: everyone,
      },
    ],
  },
];
