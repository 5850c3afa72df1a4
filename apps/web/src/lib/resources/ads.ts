import { adCreateSchema, adListQuerySchema, adSchema, adUpdateSchema } from '@adloop/contract/ads';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defineResource } from '@/lib/resources/define-resource';

export type AdListQuery = z.output<typeof adListQuerySchema>;

/** Image and video ads (/api/ads); their variants, versions and review live under the ad's detail key. */
export const adResource = defineResource({
  name: 'ads',
  path: '/api/ads',
  entity: adSchema,
  listQuery: adListQuerySchema,
  create: adCreateSchema,
  update: adUpdateSchema,
});

/** Ads for a picker or a report filter, by title: of one company, or in one status (takeovers: active ones). */
export const adOptions = (params: { q: string; company_id?: string; status?: 'ACTIVE' }, enabled = true) =>
  adResource.pickerOptions({ ...params, sort: 'title' }, enabled);
export const useAdOptions = (q: string, companyId: string | undefined, enabled = true) =>
  useQuery(adOptions({ q, company_id: companyId }, enabled));
