import { integrationTokenUsesQuerySchema, integrationTokenUsesSchema } from '@adloop/contract/integration-tokens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_TOKENS_QUERY_KEY } from '@/features/settings/api/get-integration-tokens';
import { http } from '@/lib/http';

export type IntegrationTokenUsesParams = { page: number; pageSize: number };

/** One token's requests, newest first (GET /api/integration-tokens/:id/uses). */
export async function getIntegrationTokenUses(id: string, query: IntegrationTokenUsesParams, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/integration-tokens/${encodeURIComponent(id)}/uses`, {
    query: integrationTokenUsesQuerySchema.parse(query),
    signal,
  });
  return integrationTokenUsesSchema.parse(body);
}

export function integrationTokenUsesQueryOptions(id: string, query: IntegrationTokenUsesParams) {
  return queryOptions({
    queryKey: [...INTEGRATION_TOKENS_QUERY_KEY, 'uses', id, query],
    queryFn: ({ signal }) => getIntegrationTokenUses(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asked for only while `id` is set (its dialog is open). */
export function useIntegrationTokenUses(id: string | null, query: IntegrationTokenUsesParams) {
  return useQuery({ ...integrationTokenUsesQueryOptions(id ?? '', query), enabled: id !== null });
}
