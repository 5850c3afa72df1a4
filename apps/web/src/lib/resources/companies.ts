import {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
} from '@adloop/contract/companies';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defineResource } from '@/lib/resources/define-resource';

export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

/** Advertisers (GET/POST /api/ad-company, GET/PATCH/DELETE /api/ad-company/:id). */
export const companyResource = defineResource({
  name: 'companies',
  path: '/api/ad-company',
  entity: companySchema,
  listQuery: companyListQuerySchema,
  create: companyCreateSchema,
  update: companyUpdateSchema,
});

/** Companies for a picker or a report filter, searched by name. */
export const companyOptions = (q: string, enabled = true) =>
  companyResource.pickerOptions({ q, sort: 'name' }, enabled);
export const useCompanyOptions = (q: string, enabled = true) => useQuery(companyOptions(q, enabled));
