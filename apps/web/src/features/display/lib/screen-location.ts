import { useSyncExternalStore } from 'react';

/** The player's own paths (spec §2); every other path is a page of the web app. */
export const SCREEN_CONNECT_PATH = '/ad/screen';
export const SCREEN_DISPLAY_PATH = '/ad/screen/display';

export type ScreenPage = 'connect' | 'display' | 'unknown';

const LOCATION_CHANGE = 'adloop:screen-location';

/** Which of the player's pages a path shows; a trailing slash is the same page. */
export function screenPageOf(pathname: string): ScreenPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === SCREEN_CONNECT_PATH) return 'connect';
  if (path === SCREEN_DISPLAY_PATH) return 'display';
  return 'unknown';
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(LOCATION_CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(LOCATION_CHANGE, onChange);
  };
}

const currentHref = () => `${window.location.pathname}${window.location.search}`;

/**
 * The page's path and query. The player has its own document and no router (decision 081): two
 * pages and a handful of redirects do not need React Router's 25 kB on every screen's boot.
 */
export function useScreenLocation(): { pathname: string; searchParams: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, currentHref, currentHref);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, searchParams: url.searchParams };
}

/**
 * Goes to `href`: within the player by the history API, keeping the entry's state (a router, when
 * the player runs inside the web app's document, keeps its own there); anywhere else by loading
 * that page, whose code the player does not carry.
 */
export function goTo(href: string, { replace = false }: { replace?: boolean } = {}) {
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin || screenPageOf(url.pathname) === 'unknown') {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  if (replace) window.history.replaceState(window.history.state, '', url.href);
  else window.history.pushState(null, '', url.href);
  window.dispatchEvent(new Event(LOCATION_CHANGE));
}
