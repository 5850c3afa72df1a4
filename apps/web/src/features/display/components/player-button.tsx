import type { ComponentProps } from 'react';

/** components/ui/button's base classes, less those each look below replaces. */
const BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0 outline-none focus-visible:border-ring focus-visible:ring-[3px] aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 aria-invalid:border-destructive";

const LOOKS = {
  /** A control on top of a playing ad: readable over any picture, large enough for a finger. */
  overlay:
    'shrink-0 text-sm dark:hover:bg-accent/50 has-[>svg]:px-4 h-11 rounded-full bg-black/55 px-4 text-white ring-1 ring-white/15 backdrop-blur-md hover:bg-black/75 hover:text-white focus-visible:ring-white/60',
  /** The shared button's `variant="secondary" size="lg"`. */
  secondary:
    'shrink-0 text-sm rounded-md focus-visible:ring-ring/50 bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 h-10 px-6 has-[>svg]:px-4',
  /** The shared button's default. */
  primary:
    'shrink-0 text-sm rounded-md focus-visible:ring-ring/50 bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-9 px-4 py-2 has-[>svg]:px-3',
  /** The connect form's submit: the default, large, full width. */
  submit:
    'shrink-0 rounded-md focus-visible:ring-ring/50 bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 px-6 has-[>svg]:px-4 h-11 w-full text-base',
  /** The shared button's `variant="outline" size="icon"`, as tall as the connect form's fields. */
  'outline-icon':
    'text-sm rounded-md focus-visible:ring-ring/50 border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:border-input dark:hover:bg-input/50 size-11 shrink-0',
} as const;

/**
 * The shared button's looks that the player uses, written out: the player's code carries neither
 * class-variance-authority, tailwind-merge nor Radix (decision 081). Each look is what
 * `<Button>` renders for it, merged; the player's pages look as they did.
 */
export function PlayerButton({
  look,
  type = 'button',
  ...props
}: Omit<ComponentProps<'button'>, 'className'> & { look: keyof typeof LOOKS }) {
  return <button data-slot="button" type={type} className={`${BASE} ${LOOKS[look]}`} {...props} />;
}
