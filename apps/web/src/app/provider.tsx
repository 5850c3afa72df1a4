import type { ReactNode } from 'react';
import { laterModule, useLaterModule } from '@/lib/later-module';

/** The toasts' code comes after the page has painted; a toast raised before waits for it (decision 101). */
const toasterUi = laterModule(() => import('@/components/ui/sonner'));

/**
 * What every page shares: the toasts (spec §2), whose code every page, the screen player's too,
 * loads after its first paint (decision 101). The query cache is provided by the staff session
 * layout, the only part of the app that queries, so the screen player's bundle (budget: 150 kB
 * gzip, docs/design.md §7) does not carry TanStack Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const ui = useLaterModule(toasterUi);
  return (
    <>
      {children}
      {ui ? <ui.AppToaster /> : null}
    </>
  );
}
