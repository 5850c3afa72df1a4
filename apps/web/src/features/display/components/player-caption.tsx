import { clsx } from 'clsx';

type PlayerCaptionProps = { position: number; total: number; title: string; screenCode: string; dimmed: boolean };

/** Spec §2: "Playing ad N of M - title" and "Screen: code"; stays, dimmed, while the controls hide. */
export function PlayerCaption({ position, total, title, screenCode, dimmed }: PlayerCaptionProps) {
  return (
    <div
      className={clsx(
        'pointer-events-none absolute bottom-18 left-4 z-20 max-w-[calc(100%-2rem)] rounded-xl bg-black/55 px-3.5 py-2 ring-1 ring-white/10 backdrop-blur-md transition-opacity duration-300 min-[720px]:bottom-6 min-[720px]:left-6 min-[720px]:max-w-[55%]',
        dimmed ? 'opacity-60' : 'opacity-100',
      )}
    >
      <p className="truncate text-sm font-medium text-white">
        Playing ad {position} of {total} - {title}
      </p>
      <p className="text-xs text-white/60">Screen: {screenCode}</p>
    </div>
  );
}
