import { type Action, can } from './permissions.ts';
import { OUTLET_ROLES, type Role } from './roles.ts';

/**
 * House content (decision 090): an outlet's own menu or promotions on its own screens. It belongs
 * to the outlet's house account, is reviewed like any ad, is never billed nor paid out, and plays
 * only in the loop's room, so paid ads keep their share of voice.
 */

/** A house account is named after its outlet, so every report that names a company says what the plays were. */
export const houseAccountName = (outletName: string) => `House content · ${outletName}`;

/** What outlet staff are told where they make house content. */
export const HOUSE_CONTENT_TERMS =
  "Your own menu or promotions, on your outlet's screens only. An AdLoop admin reviews it like any ad; it is never billed, and it plays in the rounds of the loop that paid ads leave free, so their share stays theirs.";

/** Outlet staff make house content: every ad they create is one of their outlets' own. */
export const makesHouseContent = (role: Role): boolean => (OUTLET_ROLES as readonly Role[]).includes(role);

/**
 * Whether the role may take an ads action on this ad: outlet staff read the ads that play on
 * their screens but change only house content (the server also keeps them to their own outlets').
 */
export function mayChangeAd(role: Role, action: Action, ad: { house_outlet_id: string | null }): boolean {
  if (!can(role, 'ads', action)) return false;
  return ad.house_outlet_id !== null || !makesHouseContent(role);
}
