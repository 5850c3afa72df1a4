import { listOf } from '@adloop/contract/common';
import { type Screen, screenSchema } from '@adloop/contract/screens';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TAKEOVER_REFRESH_MS } from '@/features/takeovers/api/get-takeovers';
import { http } from '@/lib/http';
import { screenResource } from '@/lib/resources/screens';

const screenListSchema = listOf(screenSchema);
const PAGE_SIZE = 100;
/** A takeover reaches at most 500 screens; the picker lists up to twice that to choose from. */
const MAX_PAGES = 10;

/** Every enabled screen the caller may take over, in pages of 100, with its online state. */
export async function getTakeoverScreens(signal?: AbortSignal): Promise<{ screens: Screen[]; total: number }> {
  const screens: Screen[] = [];
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await http.get<unknown>(screenResource.path, {
      query: { status: 'ACTIVE', page, pageSize: PAGE_SIZE, sort: 'screen_code' },
      signal,
    });
    const list = screenListSchema.parse(body);
    screens.push(...list.data);
    total = list.meta.total;
    if (screens.length >= total || list.data.length < PAGE_SIZE) break;
  }
  return { screens, total };
}

export function useTakeoverScreens(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...screenResource.keys.all, 'takeover-targets'],
      queryFn: ({ signal }) => getTakeoverScreens(signal),
      refetchInterval: TAKEOVER_REFRESH_MS,
      enabled,
    }),
  );
}
