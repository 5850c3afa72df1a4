import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The AdLoop mark (the favicon's play-in-a-screen) with the word mark beside it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M11 22V10l12 6-12 6z" className="fill-primary-foreground" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span className="text-lg">AdLoop</span>
    </span>
  );
}

/** The logo as the way back to the landing page, on pages without the site header. */
export function HomeLogoLink() {
  return (
    <Link
      to={paths.home.getHref()}
      aria-label="AdLoop home"
      className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Logo />
    </Link>
  );
}
