// How long each browser spec takes, in seconds: measured with two shards side by side on the
// 2-core machine (2026-11-26). run-e2e.mjs deals the specs out to shards by these, longest first,
// so the shards end together; a spec missing here counts as DEFAULT_SPEC_SECONDS. Only the
// balance depends on them, never a result: refresh them when a spec grows or shrinks a lot.
export const DEFAULT_SPEC_SECONDS = 10;

export const SPEC_SECONDS = {
  'accessibility.spec.ts': 125,
  // Measured alone on the 2-core machine (2026-11-27).
  'campaigns.spec.ts': 105,
  'campaigns-outlet-view.spec.ts': 21,
  'display-streams.spec.ts': 45,
  'dashboard-screenshots.spec.ts': 41,
  'display-takeover.spec.ts': 39,
  'dashboard-ads.spec.ts': 34,
  'dashboard-onboarding.spec.ts': 33,
  'pricing.spec.ts': 33,
  'outlet-onboarding.spec.ts': 32,
  // Measured alone on the 2-core machine at load 11–16 (2026-11-27): each test 20–45 s there.
  'outlet-commission-default.spec.ts': 60,
  'review-queue.spec.ts': 43,
  'dashboard-roles.spec.ts': 31,
  'deployment.spec.ts': 30,
  'reports-screenshots.spec.ts': 29,
  'reports-billing.spec.ts': 25,
  // Decision 092; measured alone on the 2-core machine, others' processes 4–7 deep (2026-11-27).
  'venue-earnings.spec.ts': 30,
  'one-answer-per-figure.spec.ts': 17,
  // Measured alone on the 2-core machine (2026-11-27).
  'screen-pairing.spec.ts': 25,
  // Measured alone on the 2-core machine, others' processes 4–9 deep (2026-11-27, issue 25 and decision 096).
  'integration-tokens.spec.ts': 60,
  'dashboard-early-requests.spec.ts': 12,
  // Measured alone on the 2-core machine (2026-11-27).
  'house-content.spec.ts': 37,
  'dashboard-screens.spec.ts': 24,
  'reports-proof-of-play.spec.ts': 24,
  'display-loop.spec.ts': 23,
  'dashboard.spec.ts': 18,
  'display-video.spec.ts': 14,
  'login.spec.ts': 14,
  // Measured alone on the 2-core machine under a load of 17 to 20 (2026-11-27): 41 s; about a third of that idle.
  'invitation.spec.ts': 15,
  'display-variants.spec.ts': 13,
  'display-states.spec.ts': 12,
  'screenshots.spec.ts': 12,
  'display-offline.spec.ts': 10,
  'screen-uptime.spec.ts': 10,
  'display-connect.spec.ts': 10,
  'landing.spec.ts': 9,
  'ads-targeting.spec.ts': 9,
  'global.spec.ts': 7,
  'screen-screenshot.spec.ts': 6,
  'dashboard-settings.spec.ts': 6,
  'ads-history.spec.ts': 6,
  'first-load.spec.ts': 5,
  'display-session-end.spec.ts': 4,
  'display-bundle.spec.ts': 3,
  'display-push.spec.ts': 3,
  'display-daypart.spec.ts': 2,
};
