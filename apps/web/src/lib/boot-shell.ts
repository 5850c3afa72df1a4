import { useLayoutEffect } from 'react';

/** The id of the frame the dashboard's document paints before its code runs (`build/dashboard-boot-shell.html`). */
export const BOOT_SHELL_ID = 'boot-shell';

/**
 * Takes the document's painted frame away once the app has something of its own to show (decision
 * 093): in a layout effect, so the frame and the page swap in one paint and nothing shifts.
 */
export function useRemoveBootShell(ready: boolean) {
  useLayoutEffect(() => {
    if (ready) document.getElementById(BOOT_SHELL_ID)?.remove();
  }, [ready]);
}
