import type { MouseEvent } from 'react';

/**
 * The first stop of the keyboard: moves focus past the navigation to the page's content
 * (WCAG 2.4.1). Focus moves by script, not by the #hash, so the router's URL stays as it is.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  }

  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      // not-sr-only zeroes padding, so the padding comes with focus too.
      className="sr-only rounded-md bg-primary text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
