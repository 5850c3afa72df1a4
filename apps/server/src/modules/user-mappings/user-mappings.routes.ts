import {
  companyUserMappingCreateSchema,
  companyUserMappingListQuerySchema,
  companyUserMappingSchema,
  outletUserMappingCreateSchema,
  outletUserMappingListQuerySchema,
  outletUserMappingSchema,
} from '@adloop/contract/user-mappings';
import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '../../lib/staff-route.ts';
import {
  createCompanyMapping,
  createOutletMapping,
  deleteCompanyMapping,
  deleteOutletMapping,
  listCompanyMappings,
  listOutletMappings,
} from './user-mappings.service.ts';

/** Which users belong to which company, base path /api/company-user-mapping. */
export async function companyUserMappingRoutes(app: FastifyInstance) {
  const routes = resourceRoutes(app, 'users', 'users', companyUserMappingSchema);
  routes.list('Company memberships the caller may see', companyUserMappingListQuerySchema, listCompanyMappings);
  routes.create(
    'Put a company-role user without a company into one (409 when they have one)',
    companyUserMappingCreateSchema,
    createCompanyMapping,
  );
  routes.remove("Remove a membership (409 for an active company user's only company)", deleteCompanyMapping);
}

/** Which users work at which outlet, base path /api/outlet-user-mapping. */
export async function outletUserMappingRoutes(app: FastifyInstance) {
  const routes = resourceRoutes(app, 'users', 'users', outletUserMappingSchema);
  routes.list('Outlet memberships the caller may see', outletUserMappingListQuerySchema, listOutletMappings);
  routes.create(
    'Put an outlet-role user on one more outlet (409 when already there)',
    outletUserMappingCreateSchema,
    createOutletMapping,
  );
  routes.remove("Take a user off an outlet (409 for an active outlet user's last outlet)", deleteOutletMapping);
}
