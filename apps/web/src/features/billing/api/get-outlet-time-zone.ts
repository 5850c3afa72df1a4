import { one } from '@adloop/contract/common';
import { outletSchema } from '@adloop/contract/outlets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const outletTimeZoneSchema = one(outletSchema.pick({ id: true, timezone: true }));

/** The time zone of the outlet a payout is for: its days, and so its payout periods, end at its own midnight. */
export async function getOutletTimeZone(outletId: string, signal?: AbortSignal) {
  const body = await http.get<unknown>(`/api/outlets/${encodeURIComponent(outletId)}`, { signal });
  return outletTimeZoneSchema.parse(body).data.timezone;
}

export function outletTimeZoneQueryOptions(outletId: string | null) {
  return queryOptions({
    queryKey: ['billing', 'outlet-time-zone', outletId],
    queryFn: ({ signal }) => getOutletTimeZone(outletId as string, signal),
    staleTime: 5 * 60_000,
    enabled: outletId !== null,
  });
}

/** Null asks nothing: no outlet is chosen yet. */
export function useOutletTimeZone(outletId: string | null) {
  return useQuery(outletTimeZoneQueryOptions(outletId));
}
