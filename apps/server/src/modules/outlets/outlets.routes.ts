import { outletCreateSchema, outletListQuerySchema, outletSchema, outletUpdateSchema } from '@adloop/contract/outlets';
import type { FastifyInstance } from 'fastify';
import type { NetworkTargetPolicy } from '../../lib/network-targets.ts';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createOutlet, deleteOutlet, getOutlet, listOutlets, updateOutlet } from './outlets.service.ts';

export interface OutletRoutesOptions {
  /** Which addresses an outlet's alert webhook may name (decision 075). */
  webhookTargets: NetworkTargetPolicy;
}

/** Venues that own screens, base path /api/outlets. */
export default async function outletRoutes(app: FastifyInstance, { webhookTargets }: OutletRoutesOptions) {
  const routes = resourceRoutes(app, 'outlets', 'outlets', outletSchema);
  routes.list(
    'Outlets the caller may see (advertisers see all of them, for targeting)',
    outletListQuerySchema,
    listOutlets,
  );
  routes.one('One outlet', getOutlet);
  routes.create(
    'Onboard an outlet; an unknown pincode is added with the city and state given, and a commission left out is the usual 15 % (409 when the outlet code is taken; 400 when the webhook names an address inside the network)',
    outletCreateSchema,
    (ctx, input) => createOutlet(ctx, input, webhookTargets),
  );
  routes.update(
    "Edit an outlet; code, commission, tier, activation and the alert webhook are a global admin's",
    outletUpdateSchema,
    (ctx, id, change) => updateOutlet(ctx, id, change, webhookTargets),
  );
  routes.remove('Delete an outlet with no screens, staff or payouts (else 409: deactivate it)', deleteOutlet);
}
