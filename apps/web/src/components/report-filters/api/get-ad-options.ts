import { adSchema } from '@adloop/contract/ads';
import { listOf } from '@adloop/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const adOptionsSchema = listOf(adSchema.pick({ id: true, title: true, company: true }));

/** Ads a report can be narrowed to, of one company when given (GET /api/ads). */
export async function getAdOptions(q: string, companyId: string | undefined, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/ads', {
    query: { q: q || undefined, company_id: companyId, pageSize: 50, sort: 'title' },
    signal,
  });
  return adOptionsSchema.parse(body).data;
}

export function adOptionsQueryOptions(q: string, companyId: string | undefined, enabled: boolean) {
  return queryOptions({
    queryKey: ['report-filters', 'ads', { q, companyId }],
    queryFn: ({ signal }) => getAdOptions(q, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

export function useAdOptions(q: string, companyId: string | undefined, enabled: boolean) {
  return useQuery(adOptionsQueryOptions(q, companyId, enabled));
}
