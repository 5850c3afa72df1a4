import { MonitorIcon, StoreIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export type PayoutTarget = 'screen' | 'outlet';

/** Whether a payout is for every screen of an outlet or for one screen. */
export function PayoutTargetChoice({
  value,
  onChange,
}: {
  value: PayoutTarget;
  onChange: (target: PayoutTarget) => void;
}) {
  const choices = [
    { id: 'outlet', label: 'Every screen of an outlet', icon: StoreIcon },
    { id: 'screen', label: 'One screen', icon: MonitorIcon },
  ] as const;
  return (
    <div role="radiogroup" aria-label="Pay for" className="grid gap-2 sm:grid-cols-2">
      {choices.map((choice) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons reads better than radio inputs here
        <button
          key={choice.id}
          type="button"
          role="radio"
          aria-checked={value === choice.id}
          onClick={() => onChange(choice.id)}
          className={cn(
            'flex items-center gap-2 rounded-lg border px-3 py-2.5 text-left text-sm transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === choice.id && 'border-primary bg-primary/5 font-medium',
          )}
        >
          <choice.icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {choice.label}
        </button>
      ))}
    </div>
  );
}
