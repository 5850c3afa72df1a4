// Plans differ by features and monthly minimum; the price of each play comes from the live rate
// card (GET /api/rate-cards/current, decision 033), never from here.
// Amounts are integer paise (₹1 = 100 paise), never floating-point rupees.

import { STANDARD_COMMISSION_BPS } from '@adloop/contract/constants';
import { paths } from '@/lib/paths';

export type AdvertiserPlan = {
  id: 'starter' | 'growth' | 'network';
  name: string;
  audience: string;
  /** Monthly spend the rate applies from; 0 means no minimum. */
  minimumMonthlyPaise: number;
  features: string[];
  cta: { label: string; href: string; external: boolean };
  featured?: boolean;
};

export const advertiserPlans: AdvertiserPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    audience: 'For a single brand trying screens near its customers.',
    minimumMonthlyPaise: 0,
    features: [
      'Up to 5 active ads',
      'Tag-based targeting by venue type and city',
      'Real-time play analytics',
      'Playback log for every play',
      'Email support',
    ],
    cta: { label: 'Get started', href: paths.login.getHref(), external: false },
  },
  {
    id: 'growth',
    name: 'Growth',
    audience: 'For brands running always-on campaigns across many outlets.',
    minimumMonthlyPaise: 25_000_00,
    features: [
      'Unlimited active ads',
      'A/B testing of creatives',
      'Dynamic pricing for peak hours',
      'Priority ad review',
      'Team seats for company admins and employees',
    ],
    cta: { label: 'Get started', href: paths.login.getHref(), external: false },
    featured: true,
  },
  {
    id: 'network',
    name: 'Network',
    audience: 'For agencies and ad networks buying for many advertisers.',
    minimumMonthlyPaise: 2_00_000_00,
    features: [
      'Many advertiser companies under one account',
      'Commission tracking per client',
      'Custom targeting tags',
      'Dedicated account manager',
      'Monthly invoicing with GST',
    ],
    cta: { label: 'Contact sales', href: 'mailto:sales@adloop.app?subject=Network%20plan', external: true },
  },
];

/**
 * AdLoop's usual commission (the demo outlet's): its share of each play's price, taken off an
 * outlet's payout; the outlet keeps the rest. Each outlet's own rate is agreed with it.
 */
export const commissionBps = STANDARD_COMMISSION_BPS;
export const commissionPercent = STANDARD_COMMISSION_BPS / 100;
export const outletKeepsPercent = 100 - commissionPercent;

/** The worked example on the outlet plan: a busy screen at a Standard outlet, base price, a 30-day month. */
export const outletExample = { playsPerDay: 600, days: 30, tier: 'STANDARD' } as const;
