import { one } from '@adloop/contract/common';
import {
  type VariantAnalyticsQuery,
  variantAdSchema,
  variantAnalyticsQuerySchema,
  variantAnalyticsSchema,
} from '@adloop/contract/variants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ANALYTICS_QUERY_KEY } from '@/features/analytics/api/get-analytics-overview';
import { http } from '@/lib/http';

const variantAdsResponseSchema = z.object({ data: z.array(variantAdSchema) });
const variantAnalyticsResponseSchema = one(variantAnalyticsSchema);

/** The ads with A/B variants the caller may compare. */
export async function getVariantAds(signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/analytics/variant-ads', { signal });
  return variantAdsResponseSchema.parse(body).data;
}

export function useVariantAds(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...ANALYTICS_QUERY_KEY, 'variant-ads'],
      queryFn: ({ signal }) => getVariantAds(signal),
      enabled,
    }),
  );
}

/** One ad's variants over a range: plays, scans, scan rate, lift and significance against the control. */
export async function getVariantAnalytics(query: VariantAnalyticsQuery, signal?: AbortSignal) {
  const body = await http.get<unknown>('/api/analytics/variants', {
    query: variantAnalyticsQuerySchema.parse(query),
    signal,
  });
  return variantAnalyticsResponseSchema.parse(body).data;
}

export function useVariantAnalytics(query: VariantAnalyticsQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: [...ANALYTICS_QUERY_KEY, 'variants', query],
      queryFn: ({ signal }) => getVariantAnalytics(query!, signal),
      enabled: query !== null,
      placeholderData: keepPreviousData,
    }),
  );
}
