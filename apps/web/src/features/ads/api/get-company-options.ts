import { listOf } from '@adloop/contract/common';
import { companySchema } from '@adloop/contract/companies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const companyOptionsSchema = listOf(companySchema.pick({ id: true, name: true, is_active: true }));

/** Companies a global admin can make an ad for, searched by name (GET /api/ad-company). */
export async function getCompanyOptions(q: string, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ad-company', {
    query: { q: q || undefined, pageSize: 50, sort: 'name' },
    signal,
  });
  return companyOptionsSchema.parse(body).data;
}

export function companyOptionsQueryOptions(q: string, enabled = true) {
  return queryOptions({
    queryKey: ['ads', 'company-options', q],
    queryFn: ({ signal }) => getCompanyOptions(q, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompanyOptions(q: string, enabled = true) {
  return useQuery(companyOptionsQueryOptions(q, enabled));
}
