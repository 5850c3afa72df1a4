import { type Action, can, type Resource, scopeOf } from '@adloop/contract/permissions';
import type { Role } from '@adloop/contract/roles';

/** Who may open a dashboard page or see its sidebar entry, read from the permission matrix. */
export type Access = (role: Role) => boolean;

export const everyone: Access = () => true;

export function allowed(resource: Resource, action: Action = 'read'): Access {
  return (role) => can(role, resource, action);
}

/** Reading only oneself is the settings page; user management needs a wider scope. */
export const mayManageUsers: Access = (role) => {
  const scope = scopeOf(role, 'users', 'read');
  return scope === 'all' || scope === 'own';
};

/**
 * Campaigns as the screens they play on see them, without money (decision 087): the page of whoever
 * reads those and not campaigns themselves — outlet staff. Whoever reads campaigns has that page.
 */
export const readsOnlyScreenCampaigns: Access = (role) =>
  can(role, 'screenCampaigns', 'read') && !can(role, 'campaigns', 'read');
