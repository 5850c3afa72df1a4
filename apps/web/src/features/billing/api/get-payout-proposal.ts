import { screenPayoutProposalQuerySchema, screenPayoutProposalSchema } from '@adloop/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SCREEN_PAYOUTS_QUERY_KEY } from '@/features/billing/api/get-screen-payouts';
import { http } from '@/lib/http';

export type PayoutProposalQuery = z.output<typeof screenPayoutProposalQuerySchema>;

/** What a payout would be: the period's plays at their rate-card prices, less AdLoop's commission, per screen. */
export async function getPayoutProposal(query: PayoutProposalQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/screen-payout/proposal', {
    query: screenPayoutProposalQuerySchema.parse(query),
    signal,
  });
  return screenPayoutProposalSchema.parse(body).data;
}

export function payoutProposalQueryOptions(query: PayoutProposalQuery | null) {
  return queryOptions({
    queryKey: [...SCREEN_PAYOUTS_QUERY_KEY, 'proposal', query],
    queryFn: ({ signal }) => getPayoutProposal(query as PayoutProposalQuery, signal),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

/** Null asks nothing yet: the form is not complete enough for a proposal. */
export function usePayoutProposal(query: PayoutProposalQuery | null) {
  return useQuery(payoutProposalQueryOptions(query));
}
