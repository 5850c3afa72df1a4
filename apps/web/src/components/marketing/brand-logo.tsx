import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The AdLoop mark (the favicon's play triangle on an indigo tile) and wordmark; a link home unless `linked` is false. */
export function BrandLogo({
  className,
  linked = true,
  onClick,
}: {
  className?: string;
  linked?: boolean;
  onClick?: () => void;
}) {
  const content = (
    <>
      <BrandMark className="size-8" />
      <span className="text-lg font-semibold tracking-tight">AdLoop</span>
    </>
  );
  if (!linked) return <span className={cn('inline-flex items-center gap-2', className)}>{content}</span>;
  return (
    <Link
      to={paths.home.getHref()}
      aria-label="AdLoop home"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {content}
    </Link>
  );
}

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid place-items-center rounded-lg bg-linear-to-br from-primary to-primary/75 text-primary-foreground shadow-sm shadow-primary/30',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-1/2" fill="currentColor" aria-hidden="true">
        <path d="M7 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L8.5 4.64A1 1 0 0 0 7 5.5z" />
      </svg>
    </span>
  );
}
