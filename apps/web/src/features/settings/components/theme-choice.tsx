import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { setThemePreference, type ThemePreference, useThemePreference } from '@/lib/theme';
import { cn } from '@/lib/utils';

const CHOICES: Array<{ value: ThemePreference; label: string; hint: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', hint: 'Bright, for daytime', icon: SunIcon },
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes at night', icon: MoonIcon },
  { value: 'system', label: 'System', hint: 'Follows your device', icon: MonitorIcon },
];

/** Light, dark, or whatever the device prefers; remembered on this browser. */
export function ThemeChoice() {
  const preference = useThemePreference();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">Theme</legend>
      {CHOICES.map((choice) => {
        const selected = preference === choice.value;
        return (
          <label
            key={choice.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              selected && 'border-primary bg-primary/5 ring-1 ring-primary',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={choice.value}
              checked={selected}
              onChange={() => setThemePreference(choice.value)}
              className="sr-only"
            />
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground',
                selected && 'bg-primary text-primary-foreground',
              )}
            >
              <choice.icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium">{choice.label}</span>
              <span className="block text-xs text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
