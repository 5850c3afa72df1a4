import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A control on top of a playing ad: readable over any picture, large enough for a finger. */
export function OverlayButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="lg"
      className={cn(
        'h-11 rounded-full bg-black/55 px-4 text-white ring-1 ring-white/15 backdrop-blur-md hover:bg-black/75 hover:text-white focus-visible:ring-white/60',
        className,
      )}
      {...props}
    />
  );
}
