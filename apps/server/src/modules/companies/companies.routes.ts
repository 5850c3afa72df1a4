import {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
} from '@adloop/contract/companies';
import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from '../../lib/staff-route.ts';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './companies.service.ts';

/** Advertisers, base path /api/ad-company. */
export default async function companyRoutes(app: FastifyInstance) {
  const routes = resourceRoutes(app, 'companies', 'companies', companySchema);
  routes.list('Companies the caller may see', companyListQuerySchema, listCompanies);
  routes.one('One company', getCompany);
  routes.create('Onboard a company (409 when the name is taken)', companyCreateSchema, createCompany);
  routes.update('Edit a company; deactivating it takes its ads off every screen', companyUpdateSchema, updateCompany);
  routes.remove('Delete a company with no ads, users or transactions (else 409: deactivate it)', deleteCompany);
}
