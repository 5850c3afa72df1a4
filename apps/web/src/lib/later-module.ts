import { useEffect, useState } from 'react';

/**
 * Code a page can be shown without: the menus, the bell's popover, the mobile sidebar's sheet,
 * the tooltips and the toasts (decision 101). Nothing of it is in the first load: it is asked for
 * once the page has painted, so a phone fetches and runs the code that draws the page's figures
 * first, and every user of the same loader shares the one download.
 *
 * `useLaterModule(later)` answers the module once it has arrived (undefined until then, and while
 * a failed load waits for the next page to ask again); `later.load()` asks for it at once, for a
 * tap on a menu's button that came before its code.
 */
export interface LaterModule<T> {
  /** The module if it has arrived. */
  loaded(): T | undefined;
  /** Asks for it now (once, shared); a failed load may be asked again. */
  load(): Promise<T>;
}

export function laterModule<T>(load: () => Promise<T>): LaterModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = (): Promise<T> => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { loaded: () => loaded, load: start };
}

/** The module of `later` once the page has painted and it has arrived; undefined until then. */
export function useLaterModule<T>(later: LaterModule<T>): T | undefined {
  const [module, setModule] = useState<T | undefined>(() => later.loaded());
  useEffect(() => {
    if (module) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the next paint; the timeout it sets, just after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        later.load().then(
          (arrived) => live && setModule(() => arrived),
          // Offline or a new release: the button stays as it is; the next page asks again.
          () => undefined,
        );
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [module, later]);
  return module;
}
