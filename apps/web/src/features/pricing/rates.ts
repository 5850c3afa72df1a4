// Published rate card. A later issue replaces these advertiser rates with the live rate card from the API.
// Amounts are integer paise (₹1 = 100 paise), never floating-point rupees.

export type AdvertiserPlan = {
  id: 'starter' | 'growth' | 'network';
  name: string;
  audience: string;
  perPlayPaise: number;
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
    perPlayPaise: 250,
    minimumMonthlyPaise: 0,
    features: [
      'Up to 5 active ads',
      'Tag-based targeting by venue type and city',
      'Real-time play analytics',
      'Playback log for every play',
      'Email support',
    ],
    cta: { label: 'Get started', href: '/login', external: false },
  },
  {
    id: 'growth',
    name: 'Growth',
    audience: 'For brands running always-on campaigns across many outlets.',
    perPlayPaise: 180,
    minimumMonthlyPaise: 25_000_00,
    features: [
      'Unlimited active ads',
      'A/B testing of creatives',
      'Dynamic pricing for peak hours',
      'Priority ad review',
      'Team seats for company admins and employees',
    ],
    cta: { label: 'Get started', href: '/login', external: false },
    featured: true,
  },
  {
    id: 'network',
    name: 'Network',
    audience: 'For agencies and ad networks buying for many advertisers.',
    perPlayPaise: 120,
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

/** Share of each play's price paid out to the outlet that played it; AdLoop keeps the rest as commission. */
export const outletSharePercent = 70;

/** The worked example on the outlet plan: a busy screen on Growth-rate ads for a 30-day month. */
export const outletExample = { playsPerDay: 600, days: 30, plan: 'growth' } as const;
