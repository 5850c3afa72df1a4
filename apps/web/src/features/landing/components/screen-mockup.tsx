import { CircleCheck, IndianRupee, Wifi } from 'lucide-react';
import { cn } from '@/lib/utils';

const chips = [
  {
    label: 'Plays counted exactly once',
    Icon: CircleCheck,
    iconClass: 'text-emerald-600',
    position: 'sm:absolute sm:-left-6 sm:top-10 lg:-left-10',
  },
  {
    label: 'Screen online · CAFE-01',
    Icon: Wifi,
    iconClass: 'text-primary',
    position: 'sm:absolute sm:-right-4 sm:-top-5 lg:-right-6',
  },
  {
    label: 'Payout earned per play',
    Icon: IndianRupee,
    iconClass: 'text-amber-600',
    position: 'sm:absolute sm:-bottom-6 sm:right-8',
  },
] as const;

/** A drawn wall screen mid-loop, so the hero shows the product without loading any image. */
export function ScreenMockup({ className }: { className?: string }) {
  return (
    <figure aria-label="An AdLoop screen on a cafe wall, playing an ad" className={cn('relative', className)}>
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2rem] bg-linear-to-tr from-primary/25 via-primary/5 to-amber-300/30 blur-2xl"
      />

      <div className="rounded-2xl bg-neutral-900 p-2 shadow-2xl ring-1 shadow-primary/20 ring-black/10 sm:p-2.5">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-linear-to-br from-amber-300 via-orange-400 to-rose-500">
          <div aria-hidden="true" className="absolute -top-10 -right-10 size-48 rounded-full bg-white/20 blur-md" />
          <div aria-hidden="true" className="absolute right-[12%] bottom-[18%] hidden sm:block">
            <div className="relative h-28 w-20 rounded-b-3xl rounded-t-md bg-white/85 shadow-lg lg:h-32 lg:w-24">
              <div className="absolute inset-x-2 top-3 h-1/2 rounded-b-2xl bg-amber-800/80" />
              <div className="absolute top-6 -right-4 h-10 w-5 rounded-r-full border-4 border-white/85" />
            </div>
          </div>

          <div className="absolute inset-0 flex flex-col justify-center gap-1.5 p-5 text-white sm:gap-2 sm:p-8">
            <p className="text-[0.625rem] font-semibold tracking-[0.2em] text-white/85 uppercase sm:text-xs">
              Summer menu
            </p>
            <p className="max-w-[60%] text-xl leading-tight font-bold tracking-tight sm:text-3xl">Iced Caramel Latte</p>
            <p className="w-fit rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-orange-700 sm:text-sm">
              ₹149 · today only
            </p>
          </div>

          <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/70 to-transparent px-3 pt-6 pb-2.5 text-white sm:px-4">
            <div className="flex items-end justify-between gap-3 text-[0.625rem] sm:text-xs">
              <p className="font-medium">Playing ad 1 of 3 - Iced Caramel Latte</p>
              <p className="shrink-0 text-white/75">Screen: CAFE-01</p>
            </div>
            <div className="mt-2 h-1 overflow-hidden rounded-full bg-white/25">
              <div className="h-full w-3/5 rounded-full bg-white" />
            </div>
          </div>
        </div>
      </div>

      <ul className="mt-6 flex flex-wrap justify-center gap-2 sm:mt-0">
        {chips.map(({ label, Icon, iconClass, position }) => (
          <li
            key={label}
            className={cn(
              'flex items-center gap-2 rounded-full border bg-background/95 px-3 py-1.5 text-xs font-medium shadow-lg backdrop-blur sm:text-sm',
              position,
            )}
          >
            <Icon className={cn('size-4', iconClass)} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
