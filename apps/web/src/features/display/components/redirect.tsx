import { useEffect } from 'react';
import { goTo } from '@/features/display/lib/screen-location';

/** Replaces the page with `to` once rendered, as a router's redirect does. */
export function Redirect({ to }: { to: string }) {
  useEffect(() => goTo(to, { replace: true }), [to]);
  return null;
}
