import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { OfflineBadge } from '@/features/display/components/offline-badge';

/** The display's full-screen black page (spec §2); every state of the display sits in it. */
export function DisplayShell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main className={clsx('dark fixed inset-0 overflow-hidden bg-black text-white select-none', className)}>
      {children}
      <OfflineBadge />
    </main>
  );
}

/** A message centred on the black page: loading, no ads, screen not found. */
export function DisplayMessage({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex size-full items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <div className="flex size-16 items-center justify-center rounded-2xl bg-white/5 ring-1 ring-white/10">
          {icon}
        </div>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-balance min-[720px]:text-3xl">{title}</h1>
          <div className="space-y-1 text-base text-balance text-white/65">{children}</div>
        </div>
        {action}
      </div>
    </div>
  );
}
