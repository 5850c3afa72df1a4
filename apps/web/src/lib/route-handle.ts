import { useMatches } from 'react-router';
import type { Access } from '@/lib/access';

/** What a route tells the layouts about itself through React Router's `handle`. */
export type RouteHandle = {
  /** The page's name, shown in the top bar and as its heading. */
  title?: string;
  /** Who may open the page; everyone signed in when absent. */
  access?: Access;
  /** false on routes that handle being offline themselves (the ad display, docs/design.md §6). */
  offlineNotice?: boolean;
};

function handles(matches: ReturnType<typeof useMatches>): RouteHandle[] {
  return matches.map((match) => (match.handle ?? {}) as RouteHandle);
}

/** The handle of the deepest matched route that sets the given key. */
export function useRouteHandle<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useMatches();
  return handles(matches)
    .reverse()
    .find((handle) => handle[key] !== undefined)?.[key];
}
