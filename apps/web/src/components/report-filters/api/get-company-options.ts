import { listOf } from '@adloop/contract/common';
import { companySchema } from '@adloop/contract/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const companyOptionsSchema = listOf(companySchema.pick({ id: true, name: true }));

/** Companies a report can be narrowed to, searched by name (GET /api/ad-company). */
export async function getCompanyOptions(q: string, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-company', {
    query: { q: q || undefined, pageSize: 50, sort: 'name' },
    signal,
  });
  return companyOptionsSchema.parse(body).data;
}

export function companyOptionsQueryOptions(q: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['report-filters', 'companies', q],
    queryFn: ({ signal }) => getCompanyOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

export function useCompanyOptions(q: string, enabled: boolean) {
  return useQuery(companyOptionsQueryOptions(q, enabled));
}
