import { one } from '@adloop/contract/common';
import { companySchema } from '@adloop/contract/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANIES_QUERY_KEY } from '@/features/onboarding/api/get-companies';
import { http } from '@/lib/http';

const companyResponseSchema = one(companySchema);

export function companyQueryKey(id: string) {
  return [...COMPANIES_QUERY_KEY, 'detail', id] as const;
}

export async function getCompany(id: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/ad-company/${encodeURIComponent(id)}`, { signal });
  return companyResponseSchema.parse(body).data;
}

export function companyQueryOptions(id: string) {
  return queryOptions({ queryKey: companyQueryKey(id), queryFn: ({ signal }) => getCompany(id, signal) });
}

export function useCompany(id: string) {
  return useQuery(companyQueryOptions(id));
}
