import { useQuery } from '@tanstack/react-query';
import { outletResource } from '@/lib/resources/outlets';

/**
 * The time zone of the outlet a payout is for: its days, and so its payout periods, end at its
 * own midnight. Null asks nothing: no outlet is chosen yet.
 */
export function useOutletTimeZone(outletId: string | null) {
  return useQuery({
    ...outletResource.detailOptions(outletId ?? ''),
    select: (outlet) => outlet.timezone,
    staleTime: 5 * 60_000,
    enabled: outletId !== null,
  });
}
