import {
  type IntegrationTokenListQuery,
  integrationTokenListQuerySchema,
  integrationTokenListSchema,
} from '@adloop/contract/integration-tokens';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every query about integration tokens starts with this key, so creating or revoking one refreshes them all. */
export const INTEGRATION_TOKENS_QUERY_KEY = ['integration-tokens'] as const;
export const INTEGRATION_TOKEN_CHANGES = [INTEGRATION_TOKENS_QUERY_KEY] as const;

export type IntegrationTokenListParams = Pick<IntegrationTokenListQuery, 'page' | 'pageSize'>;

/** The tokens the caller manages, newest first (GET /api/integration-tokens). */
export async function getIntegrationTokens(query: IntegrationTokenListParams, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/integration-tokens', {
    query: integrationTokenListQuerySchema.parse(query),
    signal,
  });
  return integrationTokenListSchema.parse(body);
}

export function integrationTokensQueryOptions(query: IntegrationTokenListParams) {
  return queryOptions({
    queryKey: [...INTEGRATION_TOKENS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getIntegrationTokens(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIntegrationTokens(query: IntegrationTokenListParams) {
  return useQuery(integrationTokensQueryOptions(query));
}
