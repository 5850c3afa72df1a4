import { one } from '@adloop/contract/common';
import { type AvailabilityQuery, availabilitySchema } from '@adloop/contract/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const availabilityResponseSchema = one(availabilitySchema);

/** POST /api/inventory/availability: a read with a body; its failure is shown in the heat map's place. */
export async function getAvailability(query: AvailabilityQuery, signal?: AbortSignal) {
  const body = await http.post<unknown>('/api/inventory/availability', query, { signal, silent: true });
  return availabilityResponseSchema.parse(body).data;
}

export function availabilityOptions(query: AvailabilityQuery | null) {
  return queryOptions({
    queryKey: ['inventory', 'availability', query],
    queryFn: ({ signal }) => getAvailability(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export const useAvailability = (query: AvailabilityQuery | null) => useQuery(availabilityOptions(query));
