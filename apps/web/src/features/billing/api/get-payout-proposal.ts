import { screenPayoutProposalQuerySchema, screenPayoutProposalSchema } from '@adloop/contract/billing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { screenPayoutResource } from '@/lib/resources/screen-payouts';

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
    queryKey: [...screenPayoutResource.keys.all, 'proposal', query],
    queryFn: ({ signal }) => getPayoutProposal(query as PayoutProposalQuery, signal),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

/** Null asks nothing yet: the form is not complete enough for a proposal. */
export function usePayoutProposal(query: PayoutProposalQuery | null) {
  return useQuery(payoutProposalQueryOptions(query));
}
