/**
 * Every URL of the app (spec §2): the pattern its route matches and how to link to it. The app's
 * entry (router.tsx) and the ad display keep their few paths as literals: the display is held to
 * 150 kB of JavaScript, and this table in the entry would add half a kilobyte (decision 067).
 */

type Search = Record<string, string>;

function withSearch(path: string, search?: Search): string {
  const query = Object.entries(search ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** A page without parameters; a search string may be added (`/dashboard/ads?status=PENDING_REVIEW`). */
function page<P extends string>(path: P) {
  return { path, getHref: (search?: Search) => withSearch(path, search) };
}

/** The edit page of one record under a list page: `/dashboard/ads/edit/:id`. */
function editPage<P extends string>(listPath: P) {
  return {
    path: `${listPath}/edit/:id` as const,
    getHref: (id: string) => `${listPath}/edit/${encodeURIComponent(id)}`,
  };
}

export const paths = {
  home: page('/'),
  pricing: page('/pricing'),
  login: page('/login'),
  /** An e-mailed invitation's link (decision 089): `/set-password?token=…`. */
  setPassword: page('/set-password'),
  screenConnect: page('/ad/screen'),
  screenDisplay: {
    path: '/ad/screen/display',
    getHref: (screenCode: string) => withSearch('/ad/screen/display', { screenId: screenCode }),
  },

  dashboard: page('/dashboard'),
  analytics: page('/dashboard/analytics'),
  ads: page('/dashboard/ads'),
  reviewQueue: page('/dashboard/ads/review'),
  createAd: page('/dashboard/ads/create'),
  editAd: editPage('/dashboard/ads'),
  campaigns: page('/dashboard/campaigns'),
  createCampaign: page('/dashboard/campaigns/new'),
  editCampaign: editPage('/dashboard/campaigns'),
  campaign: {
    path: '/dashboard/campaigns/:id',
    getHref: (id: string) => `/dashboard/campaigns/${encodeURIComponent(id)}`,
  },
  screenCampaigns: page('/dashboard/screen-campaigns'),
  screenCampaign: {
    path: '/dashboard/screen-campaigns/:id',
    getHref: (id: string) => `/dashboard/screen-campaigns/${encodeURIComponent(id)}`,
  },
  screens: page('/dashboard/screens'),
  createScreen: page('/dashboard/screens/create'),
  editScreen: editPage('/dashboard/screens'),
  /** Where a new screen's QR code leads (decision 088): `?code=` fills in the code it shows. */
  pairScreen: page('/dashboard/pair'),
  takeovers: page('/dashboard/takeovers'),
  playbackLogs: page('/dashboard/playback-logs'),
  screenActivity: page('/dashboard/screen-activity'),
  adTransactions: page('/dashboard/billing/transactions'),
  addAdTransaction: page('/dashboard/billing/transactions/add'),
  screenPayouts: page('/dashboard/billing/payouts'),
  addScreenPayout: page('/dashboard/billing/payouts/add'),
  rateCard: page('/dashboard/rate-card'),
  users: page('/dashboard/onboarding/users'),
  onboardUser: page('/dashboard/onboarding/users/onboard'),
  editUser: editPage('/dashboard/onboarding/users'),
  companies: page('/dashboard/onboarding/company'),
  onboardCompany: page('/dashboard/onboarding/company/onboard'),
  editCompany: editPage('/dashboard/onboarding/company'),
  outlets: page('/dashboard/onboarding/outlet'),
  onboardOutlet: page('/dashboard/onboarding/outlet/onboard'),
  editOutlet: editPage('/dashboard/onboarding/outlet'),
  pincodes: page('/dashboard/onboarding/pincodes'),
  settings: page('/dashboard/settings'),
  /** Tokens a partner's system uses in place of a person's password (decision 095). */
  integrationTokens: page('/dashboard/settings/integration-tokens'),
} as const;
