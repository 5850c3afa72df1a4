import { paths } from '@/lib/paths';

/**
 * The logo as the way back to the landing page: components/logo's HomeLogoLink as a plain link.
 * That module also holds the router's Link, which would bring React Router to a new screen's
 * first page (decision 081); the landing page is a page load away from the player's document.
 */
export function HomeLink() {
  return (
    <a
      href={paths.home.getHref()}
      aria-label="AdLoop home"
      className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
          <rect width="32" height="32" rx="8" className="fill-primary" />
          <path d="M11 22V10l12 6-12 6z" className="fill-primary-foreground" />
        </svg>
        <span className="text-lg">AdLoop</span>
      </span>
    </a>
  );
}
