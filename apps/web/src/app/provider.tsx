import { TOAST_DURATION_MS } from '@adloop/contract/constants';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';

/**
 * What every page shares: the toasts (spec §2). The query cache is provided by the staff
 * session layout, the only part of the app that queries, so the screen player's bundle (budget:
 * 150 kB gzip, docs/design.md §7) does not carry TanStack Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position="top-center" closeButton duration={TOAST_DURATION_MS} richColors />
    </>
  );
}
