import { listOf } from '@adloop/contract/common';
import { companyListQuerySchema, companySchema } from '@adloop/contract/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

const companyListSchema = listOf(companySchema);

/** Every company query starts with this key, so a change to one refreshes them all. */
export const COMPANIES_QUERY_KEY = ['onboarding', 'companies'] as const;

export async function getCompanies(query: CompanyListQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-company', { query: companyListQuerySchema.parse(query), signal });
  return companyListSchema.parse(body);
}

export function companiesQueryOptions(query: CompanyListQuery) {
  return queryOptions({
    queryKey: [...COMPANIES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getCompanies(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompanyListQuery) {
  return useQuery(companiesQueryOptions(query));
}
