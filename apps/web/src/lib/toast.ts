import type { toast as sonnerToast } from 'sonner';

/**
 * The app's toasts (spec §2), without sonner in any page's first load (decision 101): the
 * Toaster's code comes after the page has painted (`app/provider.tsx`), and a toast asked for
 * before it is on the page waits for it, since sonner shows only what is raised after its
 * Toaster has mounted. Every toast of the app goes through here.
 */
type Sonner = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info';

let toasterReady: (toast: Sonner) => void = () => undefined;
const toaster = new Promise<Sonner>((resolve) => {
  toasterReady = resolve;
});

/** Called by the Toaster once it listens (`components/ui/sonner.tsx`). */
export function toasterMounted(toast: Sonner) {
  toasterReady(toast);
}

type Message = Parameters<Sonner['success']>[0];
type Options = Parameters<Sonner['success']>[1];

function show(kind: Kind) {
  return (message: Message, options?: Options): void => {
    void toaster.then((toast) => toast[kind](message, options));
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };
