import type { Role } from './roles.ts';

/**
 * The permission matrix of docs/design.md §5, kept once. The server's routes consult it and the
 * dashboard's sidebar reads it. `scope` says which rows a role reaches: `all`, its own
 * tenancy (`own`), only itself (`self`), or none.
 */
export type Scope = 'all' | 'own' | 'self' | 'none';
/**
 * `approve` covers approve and reject of ads; `pause` covers pause and resume of a running ad.
 * Outlet staff's `ads` grant reads the ads playing on their screens and writes only their
 * outlets' house content (decision 090: `mayChangeAd` in house-content.ts).
 * For `takeovers`, `update` is ending one (decision 035); rate cards are replaced, never edited (033).
 * `resolve` is settling a completed campaign's shortfall by a make-good or a credit (decision 086).
 * `campaigns` `read` includes quoting and `update` holding, booking and cancelling (decision 084);
 * `screenCampaigns` are the booked campaigns as the screens they play on see them, without money
 * (decision 087): outlet staff read those of their screens, never `campaigns` themselves.
 */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'approve', 'pause', 'resolve'] as const;
export type Action = (typeof ACTIONS)[number];

export const RESOURCES = [
  'companies',
  'outlets',
  'users',
  'screens',
  'ads',
  'adTransactions',
  'screenPayouts',
  'playbackLogs',
  'analytics',
  'screenActivity',
  'alerts',
  'pincodes',
  'rateCards',
  'takeovers',
  'campaigns',
  'screenCampaigns',
  'profile',
] as const;
export type Resource = (typeof RESOURCES)[number];

type Grant = Partial<Record<Action, Scope>>;

const none: Grant = {};
const profile: Grant = { read: 'self', update: 'self' };

export const PERMISSIONS: Record<Role, Record<Resource, Grant>> = {
  GLOBAL_ADMIN: {
    companies: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    outlets: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    users: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    screens: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    ads: { read: 'all', create: 'all', update: 'all', delete: 'all', approve: 'all', pause: 'all' },
    adTransactions: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    screenPayouts: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    playbackLogs: { read: 'all' },
    analytics: { read: 'all' },
    screenActivity: { read: 'all' },
    alerts: { read: 'all' },
    pincodes: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    rateCards: { read: 'all', create: 'all', update: 'all', delete: 'all' },
    takeovers: { read: 'all', create: 'all', update: 'all' },
    campaigns: { read: 'all', create: 'all', update: 'all', delete: 'all', resolve: 'all' },
    screenCampaigns: { read: 'all' },
    profile,
  },
  COMPANY_ADMIN: {
    companies: { read: 'own', update: 'own' },
    outlets: { read: 'all' },
    users: { read: 'own', create: 'own', update: 'own', delete: 'own' },
    screens: none,
    ads: { read: 'own', create: 'own', update: 'own', delete: 'own', pause: 'own' },
    adTransactions: { read: 'own' },
    screenPayouts: none,
    playbackLogs: { read: 'own' },
    analytics: { read: 'own' },
    screenActivity: none,
    // Their campaigns' under-delivery (decision 084).
    alerts: { read: 'own' },
    pincodes: { read: 'all' },
    rateCards: { read: 'all' },
    takeovers: none,
    campaigns: { read: 'own', create: 'own', update: 'own', delete: 'own' },
    // Their own campaigns, money and all, are `campaigns`.
    screenCampaigns: none,
    profile,
  },
  COMPANY_EMPLOYEE: {
    companies: { read: 'own' },
    outlets: none,
    users: { read: 'self' },
    screens: none,
    ads: { read: 'own', create: 'own', update: 'own' },
    adTransactions: { read: 'own' },
    screenPayouts: none,
    playbackLogs: { read: 'own' },
    analytics: { read: 'own' },
    screenActivity: none,
    // Their campaigns' under-delivery (decision 084).
    alerts: { read: 'own' },
    pincodes: { read: 'all' },
    rateCards: { read: 'all' },
    takeovers: none,
    campaigns: { read: 'own' },
    screenCampaigns: none,
    profile,
  },
  OUTLET_ADMIN: {
    companies: none,
    outlets: { read: 'own', update: 'own' },
    users: { read: 'own', create: 'own', update: 'own', delete: 'own' },
    screens: { read: 'own', create: 'own', update: 'own', delete: 'own' },
    // Read: the ads that play on their screens. Write: their outlets' house content (decision 090).
    ads: { read: 'own', create: 'own', update: 'own', delete: 'own', pause: 'own' },
    adTransactions: none,
    screenPayouts: { read: 'own' },
    playbackLogs: { read: 'own' },
    analytics: { read: 'own' },
    screenActivity: { read: 'own' },
    alerts: { read: 'own' },
    pincodes: { read: 'all' },
    rateCards: { read: 'all' },
    takeovers: { read: 'own', create: 'own', update: 'own' },
    campaigns: none,
    // What is booked to play on their screens, their screens' share, without money (decision 087).
    screenCampaigns: { read: 'own' },
    profile,
  },
  OUTLET_EMPLOYEE: {
    companies: none,
    outlets: { read: 'own' },
    users: { read: 'self' },
    screens: { read: 'own' },
    // Drafts and edits of their outlets' house content, sent for review, as a company employee's (decision 090).
    ads: { read: 'own', create: 'own', update: 'own' },
    adTransactions: none,
    screenPayouts: none,
    playbackLogs: { read: 'own' },
    analytics: { read: 'own' },
    screenActivity: { read: 'own' },
    alerts: { read: 'own' },
    pincodes: { read: 'all' },
    rateCards: { read: 'all' },
    takeovers: { read: 'own' },
    campaigns: none,
    screenCampaigns: { read: 'own' },
    profile,
  },
  UNMAPPED: {
    companies: none,
    outlets: none,
    users: none,
    screens: none,
    ads: none,
    adTransactions: none,
    screenPayouts: none,
    playbackLogs: none,
    analytics: none,
    screenActivity: none,
    alerts: none,
    pincodes: none,
    rateCards: none,
    takeovers: none,
    campaigns: none,
    screenCampaigns: none,
    profile,
  },
};

export function scopeOf(role: Role, resource: Resource, action: Action): Scope {
  return PERMISSIONS[role][resource][action] ?? 'none';
}

export function can(role: Role, resource: Resource, action: Action): boolean {
  return scopeOf(role, resource, action) !== 'none';
}

/**
 * Whoever onboards outlets may add an outlet's unknown pincode in the same step (decision 047),
 * so a new admin anywhere in India is never stuck; pincodes are otherwise a global admin's.
 */
export function mayAddPincodeWithOutlet(role: Role): boolean {
  return can(role, 'pincodes', 'create') || can(role, 'outlets', 'create');
}
